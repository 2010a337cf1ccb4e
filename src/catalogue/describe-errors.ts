// Turns Ajv's raw errors into one readable problem per mistake: unions collapse into "must be one of ...",
// unknown keys name the key, and each problem keeps the pointer (and whether its position is the key).
import type { ErrorObject } from '../schema/ajv.ts';
import { splitPointer } from '../util/json-pointer.ts';
import { closestName } from './profile-names.ts';

/** One schema problem: where (document JSON pointer) and what. */
export interface SchemaProblem {
  pointer: string;
  /** For an unknown field: its name, so the position can be its key rather than the object. */
  key?: string;
  message: string;
}

/**
 * Describes Ajv errors (from an `allErrors` validator) as deduplicated problems, in document order of ajv. With
 * the validated `schema`, an unknown field names the closest field allowed there (`did you mean method?`).
 */
export function describeAjvErrors(errors: readonly ErrorObject[], schema?: unknown): SchemaProblem[] {
  const remaining = [...errors];
  const out: SchemaProblem[] = [];
  // Deepest unions first, so an outer union sees its branches' errors already collapsed.
  const unions = errors.filter((e) => e.keyword === 'anyOf').sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const union of unions) {
    const prefix = `${union.schemaPath}/`;
    const branches = remaining.filter((e) => e.schemaPath.startsWith(prefix));
    for (const e of [union, ...branches]) remaining.splice(remaining.indexOf(e), 1);
    out.push(...describeUnion(union, branches, schema));
  }
  out.push(...remaining.map((error) => describeOne(error, schema)));
  const seen = new Set<string>();
  return out.filter((p) => {
    const key = `${p.pointer}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function describeOne(error: ErrorObject, schema: unknown): SchemaProblem {
  const pointer = error.instancePath;
  const params: Record<string, unknown> = error.params;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params['additionalProperty']);
      const near = closestName(name, allowedFields(schema, error.schemaPath));
      return { pointer, key: name, message: `unknown field "${name}"${near === undefined ? '' : ` (did you mean ${near}?)`}` };
    }
    case 'enum':
      return { pointer, message: `must be one of ${listValues(params['allowedValues'])}` };
    case 'const':
      return { pointer, message: `must be ${showValue(params['allowedValue'])}` };
    case 'pattern':
      return { pointer, message: `must match pattern ${String(params['pattern'])}` };
    case 'minItems':
      return { pointer, message: `must have at least ${String(params['limit'])} item${params['limit'] === 1 ? '' : 's'}` };
    case 'minLength':
      return { pointer, message: params['limit'] === 1 ? 'must not be empty' : `must have at least ${String(params['limit'])} characters` };
    case 'uniqueItems':
      return { pointer, message: `must not repeat items (items ${String(params['j'])} and ${String(params['i'])} are equal)` };
    default:
      return { pointer, message: error.message ?? `fails ${error.keyword}` };
  }
}

// A union fails when no branch matches. If a branch matched the value's shape and failed only deeper inside,
// that is the branch the author meant: report its errors. Otherwise say what the value may be.
function describeUnion(union: ErrorObject, branches: readonly ErrorObject[], schema: unknown): SchemaProblem[] {
  const prefix = `${union.schemaPath}/`;
  const byBranch = new Map<string, ErrorObject[]>();
  for (const e of branches) {
    const branch = e.schemaPath.slice(prefix.length).split('/')[0] ?? '';
    byBranch.set(branch, [...(byBranch.get(branch) ?? []), e]);
  }
  for (const errs of byBranch.values()) {
    if (errs.every((e) => e.instancePath.length > union.instancePath.length)) return describeAjvErrors(errs, schema);
  }
  const phrases = branches.filter((e) => e.instancePath === union.instancePath).map(phraseOf);
  const consts = branches.filter((e) => e.keyword === 'const' || e.keyword === 'enum');
  const message =
    consts.length === branches.length && consts.length > 0
      ? `must be one of ${consts.map((e) => listValues(e.params['allowedValues'] ?? [e.params['allowedValue']])).join(', ')}`
      : `must be ${[...new Set(phrases)].join(' or ')}`;
  return [{ pointer: union.instancePath, message }];
}

function phraseOf(error: ErrorObject): string {
  const params: Record<string, unknown> = error.params;
  switch (error.keyword) {
    case 'type':
      return String(params['type']);
    case 'const':
      return showValue(params['allowedValue']);
    case 'enum':
      return `one of ${listValues(params['allowedValues'])}`;
    case 'pattern':
      return `a string matching ${String(params['pattern'])}`;
    default:
      return `valid (${(error.message ?? error.keyword).replace(/^must /, '')})`;
  }
}

function listValues(values: unknown): string {
  return Array.isArray(values) ? values.map(showValue).join(', ') : showValue(values);
}

// Strings bare (GET, POST), everything else as JSON (null, 1, true).
function showValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The property names of the schema object holding the `additionalProperties` keyword at `schemaPath` (`#/...`). */
function allowedFields(schema: unknown, schemaPath: string): string[] {
  let node = schema;
  for (const segment of splitPointer(schemaPath.replace(/^#/, '')).slice(0, -1)) {
    if (node === null || typeof node !== 'object') return [];
    node = Object.entries(node).find(([key]) => key === segment)?.[1];
  }
  if (node === null || typeof node !== 'object' || !('properties' in node)) return [];
  const { properties } = node;
  return properties !== null && typeof properties === 'object' ? Object.keys(properties) : [];
}
