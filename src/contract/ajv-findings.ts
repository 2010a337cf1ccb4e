// Turns Ajv errors into findings: one per instance path, its message listing every reason Ajv gave there.
import type { Finding } from '../model/index.ts';
import type { compileSchema } from '../schema/index.ts';
import { getAtPointer } from '../util/json-pointer.ts';

type ErrorObject = NonNullable<ReturnType<typeof compileSchema>['errors']>[number];

/** At most this many findings come from one validation; the rest are counted in a last finding. */
export const MAX_SCHEMA_FINDINGS = 50;

const PREVIEW_CHARS = 200;

/** Groups `errors` by instancePath (in first-seen order) into findings with `rule`. */
export function toSchemaFindings(errors: readonly ErrorObject[], rule: string, body: unknown): Finding[] {
  const byPath = new Map<string, string[]>();
  for (const error of errors) {
    // `if` only says "must match then/else"; the then/else errors themselves carry the reason.
    if (error.keyword === 'if') continue;
    const reasons = byPath.get(error.instancePath) ?? [];
    const reason = describeError(error);
    if (!reasons.includes(reason)) reasons.push(reason);
    byPath.set(error.instancePath, reasons);
  }
  const findings: Finding[] = [];
  for (const [path, reasons] of byPath) {
    if (findings.length === MAX_SCHEMA_FINDINGS) {
      const rest = byPath.size - MAX_SCHEMA_FINDINGS;
      findings.push({ rule, path: '', message: `${rest} more paths break the schema (first ${MAX_SCHEMA_FINDINGS} shown)` });
      break;
    }
    const finding: Finding = { rule, path, message: reasons.join('; ') };
    const actual = previewAt(body, path);
    findings.push(actual === undefined ? finding : { ...finding, actual });
  }
  return findings;
}

/** Ajv's message, completed with the detail Ajv keeps in `params` (allowed values, property names). */
export function describeError(error: ErrorObject): string {
  const params: Record<string, unknown> = error.params;
  switch (error.keyword) {
    case 'false schema':
      return 'must not be present';
    case 'const':
      return `must be ${JSON.stringify(params['allowedValue'])}`;
    case 'enum':
      return `must be one of ${JSON.stringify(params['allowedValues'])}`;
    case 'additionalProperties':
      return `must not have property ${JSON.stringify(params['additionalProperty'])}`;
    default:
      return error.message ?? error.keyword;
  }
}

/** The value at a JSON pointer, when it is short enough to show (scalars, small objects). */
function previewAt(body: unknown, pointer: string): unknown {
  const value = getAtPointer(body, pointer);
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  return text.length <= PREVIEW_CHARS ? value : undefined;
}
