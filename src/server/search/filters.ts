// `filters` as CKAN 2.11 turns them into WHERE clauses: equality, IN lists, whole-array equality (2.10 without
// stringifying text-column values; 2.12's operator tree in filter-ops.ts). Values are adapted as psycopg2
// would inline them, so PostgreSQL raises the same errors.
import type { FieldInfo } from './columns.ts';
import { buildFilterOpClause, type FilterOp } from './filter-ops.ts';
import { pyStr } from '../python/index.ts';
import { quoteIdentifier, type SqlParams } from './sql-text.ts';
import { isPlainObject } from '../../util/json.ts';

/** psycopg2 cannot adapt an object value; CKAN reports it as an Invalid query. */
export class UnadaptableValueError extends Error {
  override readonly name = 'UnadaptableValueError';
  constructor() {
    super("can't adapt type 'dict'");
  }
}

/**
 * One clause per filter key, ANDed by the caller. Text columns compare Python's str() of the value
 * (25 → '25', true → 'True'); choice (spec 8.1 #5): null stays SQL NULL, so it matches nothing.
 * A list means IN (...) unless the column is an array, which is compared whole.
 * Throws UnadaptableValueError for object values. Without `stringifyText` (CKAN up to 2.10) text-column values
 * are adapted as they are, so `{"text": 42}` fails in PostgreSQL.
 */
export function buildFilterClauses(
  filters: Record<string, unknown>,
  columns: ReadonlyMap<string, FieldInfo>,
  params: SqlParams,
  stringifyText = true,
): string[] {
  const clauses: string[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const type = columns.get(key)?.type ?? '';
    const adapt = (item: unknown): string => adaptFor(type, item, params, stringifyText);
    const column = quoteIdentifier(key);
    if (Array.isArray(value) && !isArrayType(type)) clauses.push(`${column} IN (${value.map(adapt).join(', ')})`);
    else clauses.push(`${column} = ${adapt(value)}`);
  }
  return clauses;
}

/** CKAN 2.12: the one WHERE condition of a parsed filter tree; text-column values are stringified. */
export function buildFilterTreeClause(tree: FilterOp, columns: ReadonlyMap<string, FieldInfo>, params: SqlParams): string {
  return buildFilterOpClause(tree, (field, value) => adaptFor(columns.get(field)?.type ?? '', value, params, true));
}

function adaptFor(type: string, value: unknown, params: SqlParams, stringifyText: boolean): string {
  return type === 'text' && stringifyText ? adaptText(value, params) : adaptValue(value, params);
}

/** PostgreSQL array types are named with a leading underscore (_text, _int4). */
export function isArrayType(type: string): boolean {
  return type.startsWith('_') || type.endsWith('[]');
}

function adaptText(value: unknown, params: SqlParams): string {
  return value === null ? 'NULL' : params.add(pyStr(value));
}

function adaptValue(value: unknown, params: SqlParams): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return adaptNumber(value);
  if (typeof value === 'string') return params.add(value);
  if (Array.isArray(value)) {
    return value.length === 0 ? "'{}'" : `ARRAY[${value.map((item) => adaptValue(item, params)).join(', ')}]`;
  }
  if (isPlainObject(value)) throw new UnadaptableValueError();
  return params.add(String(value));
}

function adaptNumber(value: number): string {
  if (Number.isNaN(value)) return "'NaN'::float";
  if (!Number.isFinite(value)) return value > 0 ? "'Infinity'::float" : "'-Infinity'::float";
  return value < 0 ? `(${String(value)})` : String(value);
}
