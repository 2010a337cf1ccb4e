// Proof that the mirror is the target's table: every row read back from the reference server, page by page in `_id`
// order, and each value's fingerprint compared with the one of what the target served. A column whose values come
// back otherwise (the reference server renders its type as CKAN does, the target did not) is named, so it can be
// mirrored as text; a missing or extra row means the mirror is not the table.
import { ActionCallError, callAction, JsonNumber, type LosslessValue } from '../extract/index.ts';
import type { HttpClient } from '../http/index.ts';
import type { WrittenTable } from './package-writer.ts';
import { canonicalText, hashText } from './values.ts';

/** What reading the mirror back showed. */
export interface MirrorCheck {
  /** Field id -> one example of a value the mirror answers otherwise than the target served. */
  fields: Map<string, string>;
  /** Why the mirror's rows are not the table's (count or ids), if they are not. */
  rows?: string;
}

/** Where the mirror answers. */
export interface MirrorServer {
  url: string;
  token: string | undefined;
}

const PAGE = 10_000;

/** Reads table `id` back from the mirror and compares it with what was written for it. */
export async function verifyMirror(client: HttpClient, mirror: MirrorServer, id: string, written: WrittenTable): Promise<MirrorCheck> {
  const check: MirrorCheck = { fields: new Map() };
  const position = positionsOf(written);
  const target = { baseUrl: mirror.url, ...(mirror.token === undefined ? {} : { token: mirror.token }) };
  let read = 0;
  for (;;) {
    let records: LosslessValue[];
    try {
      const result = await callAction(client, target, 'datastore_search', { resource_id: id, limit: PAGE, offset: read, sort: '_id asc' });
      records = Array.isArray(result['records']) ? result['records'] : [];
    } catch (error) {
      if (!(error instanceof ActionCallError)) throw error;
      check.rows = `the mirror did not answer: ${error.message}`;
      return check;
    }
    for (const record of records) {
      compareRecord(record, read, position, written, check);
      read += 1;
    }
    if (check.rows !== undefined || records.length < PAGE) break;
  }
  if (check.rows === undefined && read !== written.rows) check.rows = `the mirror holds ${read} rows, the target served ${written.rows}`;
  return check;
}

/** Row index by mirror position: the same when the target served rising ids (or none), else by id. */
function positionsOf(written: WrittenTable): (mirrorPosition: number, id: number | undefined) => number | undefined {
  let rising = true;
  for (let index = 1; index < written.ids.length; index++) if ((written.ids.at(index) ?? 0) <= (written.ids.at(index - 1) ?? 0)) rising = false;
  if (rising || !written.hasIds) return (mirrorPosition) => mirrorPosition;
  const byId = new Map<number, number>();
  for (let index = 0; index < written.ids.length; index++) byId.set(written.ids.at(index) ?? 0, index);
  return (_, id) => (id === undefined ? undefined : byId.get(id));
}

function compareRecord(record: LosslessValue, at: number, position: ReturnType<typeof positionsOf>, written: WrittenTable, check: MirrorCheck): void {
  if (record === null || typeof record !== 'object' || Array.isArray(record) || record instanceof JsonNumber) return;
  const idValue = record['_id'];
  const id = idValue instanceof JsonNumber ? Number(idValue.text) : undefined;
  const row = position(at, id);
  if (row === undefined || row >= written.rows || (written.hasIds && written.ids.at(row) !== id)) {
    check.rows ??= `the mirror's row ${at + 1} (_id ${String(id)}) is not the target's`;
    return;
  }
  written.fields.forEach((field, index) => {
    if (check.fields.has(field.id)) return;
    const value = record[field.id] ?? null;
    if (hashText(canonicalText(value)) !== written.hashes.at(row * written.fields.length + index))
      check.fields.set(field.id, `_id ${String(id ?? at + 1)}: the mirror answers ${canonicalText(value).slice(0, 80)}, not what the target served`);
  });
}
