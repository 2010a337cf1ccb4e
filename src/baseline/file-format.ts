// The baseline file's text: pretty JSON with sorted keys (so equal answers read the same from any server),
// records and fields one per line (so a git diff shows the records that changed), and a final newline.
import { compileSchema } from '../schema/ajv.ts';
import { BaselineFileSchema, type BaselineFile } from '../schema/baseline.ts';
import { isPlainObject, toCanonicalJson } from '../util/json.ts';

const INDENT = '  ';

/** The file text of `file`: its own key order at the top and in the request, sorted keys below, one record per line. */
export function renderBaselineFile(file: BaselineFile): string {
  const top = Object.entries(file).filter(([, value]) => value !== undefined);
  const lines = top.map(([key, value], index) => `${INDENT}${JSON.stringify(key)}: ${renderValue(value, 1, [key])}${index < top.length - 1 ? ',' : ''}`);
  return `{\n${lines.join('\n')}\n}\n`;
}

function isOneLinePerItem(path: readonly string[]): boolean {
  return path.length === 3 && path[0] === 'body' && path[1] === 'result' && (path[2] === 'records' || path[2] === 'fields');
}

function renderValue(value: unknown, depth: number, path: readonly string[]): string {
  const pad = INDENT.repeat(depth + 1);
  const close = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = isOneLinePerItem(path)
      ? value.map((item: unknown) => toCanonicalJson(item))
      : value.map((item: unknown, index) => renderValue(item, depth + 1, [...path, String(index)]));
    return `[\n${items.map((item) => `${pad}${item}`).join(',\n')}\n${close}]`;
  }
  if (isPlainObject(value)) {
    // why: the answer's and the params' keys are sorted (servers may order them differently); the request's stay as written
    const keys = path.length === 1 && path[0] === 'request' ? Object.keys(value) : Object.keys(value).sort();
    if (keys.length === 0) return '{}';
    const items = keys.map((key) => `${pad}${JSON.stringify(key)}: ${renderValue(value[key], depth + 1, [...path, key])}`);
    return `{\n${items.join(',\n')}\n${close}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The baseline file in `text`, or why it cannot be used (not JSON, or not a baseline file). */
export function parseBaselineFile(text: string): { ok: true; file: BaselineFile } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const validate = compileSchema<BaselineFile>(BaselineFileSchema);
  if (validate(value)) return { ok: true, file: value };
  const first = validate.errors?.[0];
  return { ok: false, reason: `not a baseline file: ${first === undefined ? 'invalid' : `${first.instancePath || '/'} ${first.message ?? 'invalid'}`}` };
}
