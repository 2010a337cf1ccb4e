// The query arguments of /datastore/dump/<id>, validated as CKAN's dump_schema() does (blueprint.py): offset
// and limit integers, format one of csv/tsv/json/xml, bom a boolean, filters JSON, q text or a JSON object;
// fields and sort pass through as given, for datastore_search to split and check.
import { parseUrlEncoded } from '../form-data.ts';
import { parsePyJson, toJsValue } from '../python/index.ts';

export const DUMP_FORMATS = ['csv', 'tsv', 'json', 'xml'] as const;
export type DumpFormat = (typeof DUMP_FORMATS)[number];

/** A validated dump request, or the 400 message CKAN aborts with (`key: error` lines). */
export type DumpParamsOutcome = { ok: true; params: DumpParams } | { ok: false; message: string };

export interface DumpParams {
  format: DumpFormat;
  offset: number;
  limit: number | undefined;
  bom: boolean;
  sort: string;
  /** filters, q, distinct, plain, language, fields: handed to datastore_search as they are. */
  search: Record<string, unknown>;
}

// why: CKAN's boolean_validator never fails; anything but these words is false
const TRUE_WORDS: ReadonlySet<string> = new Set(['true', 'yes', 't', 'y', '1']);

/** Validates the query string of a dump request (Werkzeug's args.to_dict(): the first value of each name). */
export function validateDumpParams(queryString: string): DumpParamsOutcome {
  const args = new Map<string, string>();
  for (const field of parseUrlEncoded(queryString)) if (!args.has(field.name)) args.set(field.name, field.value);
  const errors: string[] = [];
  const integer = (name: string): number | undefined => {
    const text = args.get(name);
    if (text === undefined) return undefined;
    if (/^\s*[-+]?\d+\s*$/.test(text)) return Number(text);
    errors.push(`${name}: Invalid integer`);
    return undefined;
  };
  const offset = integer('offset') ?? 0;
  const limit = integer('limit');
  const format = args.get('format') ?? 'csv';
  if (!isDumpFormat(format)) errors.push(`format: Value must be one of ${pyList(DUMP_FORMATS)}`);
  const search = readSearchArgs(args, errors);
  if (errors.length > 0 || !isDumpFormat(format)) return { ok: false, message: errors.join('\n') };
  const bom = TRUE_WORDS.has((args.get('bom') ?? '').toLowerCase());
  return { ok: true, params: { format, offset, limit, bom, sort: args.get('sort') ?? '_id', search } };
}

function readSearchArgs(args: ReadonlyMap<string, string>, errors: string[]): Record<string, unknown> {
  const search: Record<string, unknown> = {};
  const filters = args.get('filters');
  if (filters !== undefined) {
    const parsed = parsePyJson(filters);
    if (parsed.ok) search['filters'] = toJsValue(parsed.value);
    else errors.push('filters: Cannot parse JSON');
  }
  const q = args.get('q');
  if (q !== undefined) {
    // why: unicode_or_json_validator keeps a JSON object as a dict and anything else as the text given
    const parsed = parsePyJson(q);
    search['q'] = parsed.ok && parsed.value.type === 'dict' ? toJsValue(parsed.value) : q;
  }
  for (const name of ['distinct', 'plain'] as const) {
    const value = args.get(name);
    if (value !== undefined) search[name] = TRUE_WORDS.has(value.toLowerCase());
  }
  for (const name of ['language', 'fields'] as const) {
    const value = args.get(name);
    if (value !== undefined) search[name] = value;
  }
  return search;
}

function isDumpFormat(value: string): value is DumpFormat {
  return (DUMP_FORMATS as readonly string[]).includes(value);
}

function pyList(items: readonly string[]): string {
  return `[${items.map((item) => `'${item}'`).join(', ')}]`;
}
