// The mirror as a fixtures folder: one CSV per table, written a page at a time as the target is read (a row is on
// disk before the next page is asked for), and datapackage.json naming each table's id, aliases, privacy and
// columns. Beside the file, a 32-bit fingerprint per value of what the mirror must answer (verify-mirror.ts).
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../util/atomic-write.ts';
import { noteKind, toPackageField, type PackageFieldJson, type SeenKinds, type ServedField } from './field-types.ts';
import type { MirrorRow } from './types.ts';
import { canonicalText, hashText, NULL_CELL, toCell } from './values.ts';

/** A growing list of 32-bit numbers, in one typed array (4 bytes each, not an object per value). */
export class NumberList {
  #values = new Uint32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.#values.length) {
      const grown = new Uint32Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.length++] = value;
  }
  at(index: number): number | undefined {
    return index < this.length ? this.#values[index] : undefined;
  }
}

/** One table's file as written: where, its columns, and the fingerprints the mirror's answers must match. */
export interface WrittenTable {
  file: string;
  fields: ServedField[];
  hasIds: boolean;
  rows: number;
  /** Row i's `_id` (when the target serves them), in the order written. */
  ids: NumberList;
  /** hashText(canonicalText(expected value)) of row i, field j at `i * fields.length + j`. */
  hashes: NumberList;
  /** The JSON kinds of each field's values (for a field the target names no type for). */
  kinds: SeenKinds[];
}

const quoteCell = (cell: string): string => `"${cell.replaceAll('"', '""')}"`;

/** Writes one table's CSV page by page; `close()` ends the file. */
export class TableWriter {
  readonly written: WrittenTable;
  #handle: FileHandle | undefined;

  constructor(file: string) {
    this.written = { file, fields: [], hasIds: false, rows: 0, ids: new NumberList(), hashes: new NumberList(), kinds: [] };
  }

  /** Appends rows (the first call writes the header from `fields`). */
  async write(rows: readonly MirrorRow[], fields: readonly ServedField[], hasIds: boolean): Promise<void> {
    const { written } = this;
    let text = '';
    if (this.#handle === undefined) {
      this.#handle = await open(written.file, 'wx');
      written.fields = [...fields];
      written.hasIds = hasIds;
      written.kinds = fields.map(() => new Set());
      text = `${[...(hasIds ? ['_id'] : []), ...fields.map((f) => f.id)].map(quoteCell).join(',')}\n`;
    }
    if (rows.length === 0 && text === '') return;
    for (const row of rows) {
      const cells = row.values.map((value, index) => {
        const kinds = written.kinds[index];
        if (kinds !== undefined) noteKind(kinds, value);
        return quoteCell(toCell(value, written.fields[index]?.type));
      });
      text += `${hasIds ? `${String(row.id)},` : ''}${cells.join(',')}\n`;
      if (row.id !== undefined) written.ids.push(row.id);
      for (const value of row.expected) written.hashes.push(hashText(canonicalText(value)));
      written.rows += 1;
    }
    await this.#handle.write(text);
  }

  /** Ends the file; a table without rows still gets its header. */
  async close(fields: readonly ServedField[], hasIds: boolean): Promise<void> {
    if (this.#handle === undefined) await this.write([], fields, hasIds);
    await this.#handle?.close();
    this.#handle = undefined;
  }
}

/** One resource of the mirror's datapackage.json. */
export interface PackageTable {
  id: string;
  aliases: string[];
  private: boolean;
  written: WrittenTable;
  /** Field ids kept as text (their type could not be mirrored). */
  asText: ReadonlySet<string>;
}

/** Writes `dir/datapackage.json` for the tables (atomically: a retry rewrites it). */
export async function writeDataPackage(dir: string, tables: readonly PackageTable[]): Promise<void> {
  const resources = tables.map((table) => {
    const { written } = table;
    const fields: PackageFieldJson[] = written.fields.map((field, index) =>
      toPackageField(field, { asText: table.asText.has(field.id), ...(written.kinds[index] === undefined ? {} : { seen: written.kinds[index] }) }),
    );
    return {
      name: table.id,
      path: path.basename(written.file),
      ...(table.aliases.length === 0 ? {} : { aliases: table.aliases }),
      private: table.private,
      schema: { missingValues: [NULL_CELL], fields: [...(written.hasIds ? [{ name: '_id', type: 'integer' }] : []), ...fields] },
    };
  });
  await writeFileAtomic(path.join(dir, 'datapackage.json'), `${JSON.stringify({ name: 'datastore-kit-twin', resources }, null, 2)}\n`);
}
