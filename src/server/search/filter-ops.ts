// CKAN 2.12's `filters` (ckanext/datastore/filters.py): a dict or a list of dicts (OR), field operators eq, in,
// gt, gte, lt, lte, the combinators $and / $or, nested members merged into their parent of the same kind.
// Parsed to one tree of FilterOp, then turned into one WHERE clause.
import { pyRepr, pyStr } from '../python/index.ts';
import type { FieldInfo } from './columns.ts';
import { identifier } from './statement-parts.ts';
import { isPlainObject } from '../../util/json.ts';

/** One node of the filter tree: a field comparison (`field` set) or a combinator ($and/$or over FilterOps). */
export interface FilterOp {
  op: string;
  field: string | null;
  value: unknown;
}

export type FilterParse = { ok: true; filter: FilterOp | undefined } | { ok: false; errors: string[] };

const combinators = ['$or', '$and'];
const maxDepth = 10;
const maxOps = 100;

/** Thrown for CKAN's hard limits (depth, count), which answer at once with their own message. */
class FilterLimitError extends Error {}

/** parse_query_filters: the filter tree, or the `filters` errors CKAN reports (all of them). */
export function parseFilterOps(input: unknown, columns: ReadonlyMap<string, FieldInfo>): FilterParse {
  if (!isTruthy(input)) return { ok: true, filter: undefined };
  if (!isPlainObject(input) && !isListOfDicts(input)) {
    return { ok: false, errors: ['Filters must be defined as a dict or a list of dicts'] };
  }
  const parser = new Parser(columns);
  try {
    const filter = Array.isArray(input) ? parser.parseList(input) : parser.parseDict(input);
    return parser.errors.length > 0 ? { ok: false, errors: parser.errors } : { ok: true, filter };
  } catch (error) {
    if (error instanceof FilterLimitError) return { ok: false, errors: [error.message] };
    throw error;
  }
}

class Parser {
  readonly errors: string[] = [];
  private count = 0;

  constructor(private readonly columns: ReadonlyMap<string, FieldInfo>) {}

  parseList(input: Record<string, unknown>[]): FilterOp | undefined {
    if (input.length >= maxOps) throw new FilterLimitError('Maximum number of filter operations exceeded');
    const children = this.combineMembers(input, '$or', 0);
    return children === undefined ? undefined : this.make('$or', null, children);
  }

  parseDict(input: Record<string, unknown>): FilterOp | undefined {
    if (Object.keys(input).length >= maxOps) throw new FilterLimitError('Maximum number of filter operations exceeded');
    // why: at the root, the members of an $and join the root's own AND instead of nesting
    const children = this.processMember(input, 0, true);
    if (this.errors.length > 0 || children.length === 0) return undefined;
    return children.length === 1 ? children[0] : this.make('$and', null, children);
  }

  private make(op: string, field: string | null, value: unknown): FilterOp {
    this.count += 1;
    if (this.count > maxOps) throw new FilterLimitError('Maximum number of filter operations exceeded');
    return { op, field, value };
  }

  private combineMembers(value: unknown, parent: string, depth: number): FilterOp[] | undefined {
    const children = this.processMembers(value, depth + 1);
    return children === undefined ? undefined : merge(children, parent);
  }

  private processMembers(value: unknown, depth: number): FilterOp[] | undefined {
    if (depth >= maxDepth) throw new FilterLimitError('Maximum nesting depth for filter operations reached');
    if (!Array.isArray(value)) {
      this.errors.push(`Filter operations must contain lists of filters: ${pyStr(value)}`);
      return undefined;
    }
    const out: FilterOp[] = [];
    for (const item of value) {
      if (!isPlainObject(item)) {
        this.errors.push(`Filter operation members must be dictionaries: ${pyRepr(item)}`);
        continue;
      }
      if (Object.keys(item).length >= maxOps) throw new FilterLimitError('Maximum number of filter operations exceeded');
      const children = this.processMember(item, depth);
      if (children.length === 1 && children[0] !== undefined) out.push(children[0]);
      else if (children.length > 1) out.push(this.make('$and', null, merge(children, '$and')));
    }
    return out.length > 0 ? out : undefined;
  }

  /** One filter object's keys: fields (their operators) and combinators; `liftAnd` at the root only. */
  private processMember(item: Record<string, unknown>, depth: number, liftAnd = false): FilterOp[] {
    const children: FilterOp[] = [];
    for (const [key, value] of Object.entries(item)) {
      if (!isCombinatorKey(key)) {
        const op = this.parseField(key, value);
        if (op !== undefined) children.push(op);
        continue;
      }
      const problem = checkCombinator(key, value);
      if (problem !== undefined) {
        this.errors.push(problem);
        continue;
      }
      const members = this.combineMembers(value, key, depth);
      if (members === undefined) continue;
      if (liftAnd && key === '$and') children.push(...members);
      else children.push(this.make(key, null, members));
    }
    return children;
  }

  /** _process_field_operator: a scalar is eq, a dict holds operators (ANDed), a list is IN or an OR of operators. */
  private parseField(key: string, value: unknown): FilterOp | undefined {
    const field = key.startsWith('$$') ? key.slice(1) : key;
    if (isPlainObject(value)) {
      const entries = Object.entries(value);
      if (entries.length === 1 && entries[0] !== undefined) return this.checkField(field, entries[0][0], entries[0][1]);
      const children = entries.flatMap(([op, operand]) => this.parseField(field, { [op]: operand }) ?? []);
      return children.length === 0 ? undefined : this.make('$and', null, children);
    }
    if (!Array.isArray(value)) return this.checkField(field, 'eq', value);
    const operators = value.filter(isPlainObject);
    const plain = value.filter((item) => !isPlainObject(item));
    if (operators.length === 0) return this.make('in', field, value);
    const members = operators.flatMap((operator) => this.parseField(field, operator) ?? []);
    if (plain.length > 0) members.push(this.make('in', field, plain));
    return members.length === 0 ? undefined : this.make('$or', null, members);
  }

  private checkField(field: string, op: string, value: unknown): FilterOp | undefined {
    if (!this.columns.has(field)) {
      this.errors.push(`Unknown field: ${field}`);
      return undefined;
    }
    return this.make(op, field, value);
  }
}

function isCombinatorKey(key: string): boolean {
  return key.startsWith('$') && !key.startsWith('$$');
}

function checkCombinator(key: string, value: unknown): string | undefined {
  if (!combinators.includes(key)) return `Unknown operators (must be one of $or, $and): ${key}`;
  if (!isListOfDicts(value)) return `Filter operations must be defined as a list of dicts: ${pyStr(value)}`;
  return undefined;
}

/** Children of the same combinator as their parent are lifted into it. */
function merge(children: readonly FilterOp[], parent: string): FilterOp[] {
  return children.flatMap((child) => (child.op === parent && Array.isArray(child.value) ? (child.value as FilterOp[]) : [child]));
}

function isListOfDicts(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.every(isPlainObject);
}

function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return !isPlainObject(value) || Object.keys(value).length > 0;
}

const comparisons: Readonly<Record<string, string>> = { eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' };

/**
 * _where_clauses' build_clause: one SQL condition for the tree; values go through `adapt` (which stringifies
 * text-column values). Throws UnknownFilterOperationError for an operator CKAN does not know.
 */
export function buildFilterOpClause(filter: FilterOp, adapt: (field: string, value: unknown) => string): string {
  if (filter.op === '$and' || filter.op === '$or') {
    const parts = (filter.value as FilterOp[]).map((child) => buildFilterOpClause(child, adapt)).filter((part) => part !== '');
    if (parts.length === 0) return filter.op === '$and' ? 'true' : 'false';
    return `(${parts.join(filter.op === '$and' ? ' AND ' : ' OR ')})`;
  }
  const field = filter.field ?? '';
  const column = identifier(field);
  if (filter.op === 'in' && Array.isArray(filter.value)) {
    return filter.value.length === 0 ? 'false' : `${column} in (${filter.value.map((item) => adapt(field, item)).join(',')})`;
  }
  const comparison = comparisons[filter.op];
  if (comparison === undefined) throw new UnknownFilterOperationError(filter);
  return `${column} ${comparison} ${adapt(field, filter.value)}`;
}

/** An operator CKAN does not know (e.g. `{"a": {"like": "x"}}`): 409 `Unknown filter operation: FilterOp(...)`. */
export class UnknownFilterOperationError extends Error {
  override readonly name = 'UnknownFilterOperationError';
  constructor(readonly filter: FilterOp) {
    super(`Unknown filter operation: FilterOp(field=${pyRepr(filter.field)}, op=${pyRepr(filter.op)}, value=${pyRepr(filter.value)})`);
  }
}
