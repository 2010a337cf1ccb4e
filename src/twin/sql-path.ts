// The second read path: each page datastore_search gave is read again with datastore_search_sql as the `_id` range
// from the page before's last `_id` to its own (the last page open-ended, so a row the pages skipped shows), and
// compared row by row. Where the paths give the same value in other words (a timestamp's fraction that search
// leaves out, a numeric as a string) the finer one is kept; where they disagree, it is a finding, and the mirror
// keeps the value whose JSON kind fits the column (SQL's, when both fit: it reads the table more directly).
import { ActionCallError, callAction, JsonNumber, type LosslessValue } from '../extract/index.ts';
import type { HttpClient } from '../http/index.ts';
import { quoteSqlName } from '../diff/index.ts';
import type { MirrorRow, TableRead, TwinTarget } from './types.ts';
import { canonicalText, fitsType, relateSqlValue } from './values.ts';

/** Where the SQL path of one table stands. */
export interface SqlCheck {
  /** The SQL path answered no page (the reason is a note): nothing was checked after it. */
  failed: boolean;
  /** Some range held other rows than the page (a finding): the row count is not confirmed by SQL. */
  rowsDiffer?: boolean;
  /** The last `_id` of the page before. */
  lastId?: number | undefined;
}

/** Findings listed per table and kind; the rest are counted. */
const MAX_LISTED = 5;

interface PageToCheck {
  read: TableRead;
  rows: MirrorRow[];
  /** The last page: its range is open-ended. */
  last: boolean;
}

/** The statement that reads the rows of `page` again: its columns, by `_id` range, in `_id` order. */
export function rangeStatement(read: TableRead, from: number | undefined, to: number | undefined): string {
  const columns = ['_id', ...read.fields.map((f) => f.id)].map(quoteSqlName).join(', ');
  const where = [from === undefined ? '' : `"_id" > ${from}`, to === undefined ? '' : `"_id" <= ${to}`].filter((c) => c !== '');
  return `SELECT ${columns} FROM ${quoteSqlName(read.resourceId)}${where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`} ORDER BY "_id"`;
}

/** Reads the page's `_id` range by SQL and compares; a failing SQL path is a note and ends the checks of this table. */
export async function checkPageBySql(client: HttpClient, target: TwinTarget, check: SqlCheck, page: PageToCheck): Promise<void> {
  if (check.failed) return;
  const { read, rows } = page;
  const to = page.last ? undefined : rows.at(-1)?.id;
  const from = check.lastId;
  check.lastId = rows.at(-1)?.id ?? check.lastId;
  if (rows.length === 0 && !page.last) return;
  let records: LosslessValue[];
  try {
    const token = target.token === undefined ? {} : { token: target.token };
    const result = await callAction(client, { baseUrl: target.url, ...token }, 'datastore_search_sql', { sql: rangeStatement(read, from, to) });
    records = Array.isArray(result['records']) ? result['records'] : [];
    if (result['records_truncated'] === true) throw new ActionCallError('the SQL answer was cut at its row cap', 200, undefined);
  } catch (error) {
    if (!(error instanceof ActionCallError)) throw error;
    check.failed = true;
    read.notes.push(`datastore_search_sql did not read its rows again (${error.message}): the rows were read by datastore_search only`);
    return;
  }
  compareRows(check, page, byId(records));
}

function byId(records: readonly LosslessValue[]): Map<number, Record<string, LosslessValue>> {
  const rows = new Map<number, Record<string, LosslessValue>>();
  for (const record of records) {
    if (record === null || typeof record !== 'object' || Array.isArray(record) || record instanceof JsonNumber) continue;
    const id = record['_id'];
    if (id instanceof JsonNumber) rows.set(Number(id.text), record);
  }
  return rows;
}

function compareRows(check: SqlCheck, page: PageToCheck, sqlRows: Map<number, Record<string, LosslessValue>>): void {
  const { read, rows } = page;
  const counts = { missing: 0, extra: 0, values: 0 };
  for (const row of rows) {
    const sqlRow = row.id === undefined ? undefined : sqlRows.get(row.id);
    if (row.id !== undefined) sqlRows.delete(row.id);
    if (sqlRow === undefined) {
      if (counts.missing++ < MAX_LISTED)
        note(read, 'api.md#4.2/response-records', `datastore_search_sql lacks _id ${String(row.id)}, which datastore_search serves`);
      continue;
    }
    mergeRow(row, sqlRow, read, counts);
  }
  for (const id of sqlRows.keys()) {
    if (counts.extra++ < MAX_LISTED)
      note(read, 'api.md#4.1/response-records', `datastore_search_sql holds _id ${id}, which datastore_search's pages do not give`);
  }
  if (counts.missing > 0 || counts.extra > 0) check.rowsDiffer = true;
  for (const [what, n] of Object.entries(counts)) {
    if (n > MAX_LISTED) note(read, 'api.md#4.2/response-records', `and ${n - MAX_LISTED} more ${what === 'values' ? 'values' : 'rows'} like that`);
  }
}

/** Takes the SQL path's value where it is finer, or where the paths disagree and it fits the column's kind. */
function mergeRow(row: MirrorRow, sqlRow: Record<string, LosslessValue>, read: TableRead, counts: { values: number }): void {
  const values = [...row.values];
  const expected = [...row.expected];
  read.fields.forEach((field, index) => {
    const served = row.values[index];
    const stored = sqlRow[field.id] ?? null;
    const relation = relateSqlValue(served, stored);
    if (relation === 'finer') values[index] = stored;
    if (relation !== 'differ') return;
    if (counts.values++ < MAX_LISTED)
      note(
        read,
        'api.md#4.1/response-records',
        `_id ${String(row.id)} "${field.id}": datastore_search gives ${canonicalText(served)}, datastore_search_sql ${canonicalText(stored)}`,
      );
    if (fitsType(stored, field.type) || !fitsType(served, field.type)) {
      values[index] = stored;
      expected[index] = stored;
    }
  });
  row.values = values;
  row.expected = expected;
}

function note(read: TableRead, clause: string, message: string): void {
  read.findings.push({ table: read.table.name, clause, message });
}
