// Beyond the schema (ckan profile): every record value must match its column's type in `fields`, and records
// must carry exactly the columns `fields` lists. One finding per column and problem, pointing at the first
// offending record and counting the rest, so a 32000-row page cannot flood a report.
import type { Finding } from '../model/index.ts';
import { getChild, toPointer } from '../util/json-pointer.ts';
import { isPlainObject } from '../util/json.ts';
import { describeValue, ruleForValue, type ValueContext, type ValueRule } from './value-types.ts';

export const TYPES_RULE = 'contract.types';
export const SHAPE_RULE = 'contract.ckan';

interface Column {
  index: number;
  id: string;
  type: string;
  /** The column's value rule, chosen once per response (undefined: any value goes). */
  rule: ValueRule | undefined;
}

interface Tally {
  finding: Finding;
  count: number;
}

/** How records relate to `fields` in one action and CKAN version. */
export interface AgreementOptions extends ValueContext {
  /**
   * Records may leave out columns `fields` lists and carry rank columns it does not (CKAN 2.8 lists every
   * column whatever the `fields` parameter asked, and ranks only in records); lists records are then not
   * typed, as their values cannot be matched to columns.
   */
  looseColumns: boolean;
}

/** Type agreement for `objects` or `lists` records of a search or SQL result; [] when the shape is unusable. */
export function checkTypeAgreement(body: unknown, format: 'objects' | 'lists', options: AgreementOptions): Finding[] {
  const result = getChild(body, 'result');
  const records = getChild(result, 'records');
  const columns = readColumns(getChild(result, 'fields'), options);
  if (!Array.isArray(records) || columns === undefined) return [];
  if (format === 'lists' && options.looseColumns) return [];
  const tallies = new Map<string, Tally>();
  const note = (key: string, make: () => Finding): void => {
    const tally = tallies.get(key);
    if (tally === undefined) tallies.set(key, { finding: make(), count: 1 });
    else tally.count++;
  };
  // why one context for every record, rules chosen per column and paths built only for a finding: this runs over
  // every value of every page, and a finding is rare
  const ctx: RecordContext = {
    row: 0,
    columns,
    known: new Set(columns.map((column) => column.id)),
    duplicateIds: findDuplicates(columns.map((column) => column.id)),
    // `_table_metadata._id` is reported as int but holds hex strings: a documented CKAN quirk (§3.2, §8.2).
    skipId: getChild(result, 'resource_id') === '_table_metadata',
    rankRule: ruleForValue('float', options),
    note,
    options,
  };
  for (let row = 0; row < records.length; row++) {
    const record: unknown = records[row];
    ctx.row = row;
    if (format === 'objects' && isPlainObject(record)) checkObjectRecord(record, ctx);
    if (format === 'lists' && Array.isArray(record)) checkListRecord(record, ctx);
  }
  return [...tallies.values()].map(({ finding, count }) =>
    count === 1 ? finding : { ...finding, message: `${finding.message} (in ${count} of ${records.length} records)` },
  );
}

interface RecordContext {
  /** The record being checked. */
  row: number;
  columns: readonly Column[];
  known: ReadonlySet<string>;
  duplicateIds: ReadonlySet<string>;
  skipId: boolean;
  rankRule: ValueRule | undefined;
  note: (key: string, make: () => Finding) => void;
  options: AgreementOptions;
}

const recordPath = (ctx: RecordContext, ...keys: (string | number)[]): string => toPointer(['result', 'records', ctx.row, ...keys]);

// CKAN 2.8 names its ts_rank columns `rank` (q as a string) and `rank <column>` (q as an object).
const isRankColumn = (key: string): boolean => key === 'rank' || key.startsWith('rank ');

function checkObjectRecord(record: Record<string, unknown>, ctx: RecordContext): void {
  for (const column of ctx.columns) {
    // SQL may name two columns alike (`now()::date, now()::text`); the object keeps one value, so skip them.
    if (ctx.duplicateIds.has(column.id)) continue;
    if (!Object.hasOwn(record, column.id)) {
      if (ctx.options.looseColumns) continue;
      ctx.note(`missing:${column.id}`, () => ({
        rule: SHAPE_RULE,
        path: recordPath(ctx),
        message: `record has no key ${JSON.stringify(column.id)}, which fields lists`,
        expected: column.id,
      }));
      continue;
    }
    checkValue(record[column.id], column, column.id, ctx);
  }
  // why for-in, not Object.keys: no array a record (this runs over every record of every response)
  for (const key in record) {
    if (ctx.known.has(key) || !Object.hasOwn(record, key)) continue;
    if (ctx.options.looseColumns && isRankColumn(key)) {
      checkValue(record[key], { index: -1, id: key, type: 'float', rule: ctx.rankRule }, key, ctx);
      continue;
    }
    ctx.note(`extra:${key}`, () => ({
      rule: SHAPE_RULE,
      path: recordPath(ctx, key),
      message: `record key ${JSON.stringify(key)} is not in fields`,
    }));
  }
}

function checkListRecord(record: readonly unknown[], ctx: RecordContext): void {
  if (record.length !== ctx.columns.length) {
    ctx.note('length', () => ({
      rule: SHAPE_RULE,
      path: recordPath(ctx),
      message: `record has ${record.length} values, fields lists ${ctx.columns.length}`,
      expected: ctx.columns.length,
      actual: record.length,
    }));
  }
  for (const column of ctx.columns) {
    if (column.index < record.length) checkValue(record[column.index], column, column.index, ctx);
  }
}

function checkValue(value: unknown, column: Column, key: string | number, ctx: RecordContext): void {
  const rule = column.rule;
  if (rule === undefined || rule.accepts(value) || (ctx.skipId && column.id === '_id')) return;
  const row = ctx.row;
  ctx.note(`type:${column.id}`, () => ({
    rule: TYPES_RULE,
    path: toPointer(['result', 'records', row, key]),
    message: `field ${JSON.stringify(column.id)} (${column.type}) must be ${rule.expected}, got ${describeValue(value)}`,
    expected: `${column.type}: ${rule.expected}`,
    actual: JSON.stringify(value).length <= 200 ? value : describeValue(value),
  }));
}

function findDuplicates(ids: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const id of ids) (seen.has(id) ? duplicates : seen).add(id);
  return duplicates;
}

/** `fields` as columns, or undefined when it is not a usable list of {id, type} (the schema reports that). */
function readColumns(fields: unknown, options: AgreementOptions): Column[] | undefined {
  if (!Array.isArray(fields)) return undefined;
  const columns: Column[] = [];
  for (const [index, field] of fields.entries()) {
    const id = getChild(field, 'id');
    const type = getChild(field, 'type');
    if (typeof id !== 'string' || typeof type !== 'string') return undefined;
    columns.push({ index, id, type, rule: ruleForValue(type, options) });
  }
  return columns;
}
