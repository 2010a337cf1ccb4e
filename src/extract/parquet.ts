// Parquet output: the extract pages into `<out>.part` as JSON Lines (so checkpoints and --resume work as for the
// text formats), and the finished part is rewritten as Parquet before it is hashed and renamed. Column types
// come from the DataStore's field types (parquet-types.ts); hyparquet-writer, a pure-JS writer, is loaded only here.
import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { isLosslessObject, parseLossless } from './lossless-json.ts';
import { parquetColumnOf } from './parquet-types.ts';
import type { ExtractColumn } from './types.ts';

// why: one row group per this many rows bounds the memory the columns take while they are filled
const ROW_GROUP_ROWS = 100_000;

/** Rewrites the JSON Lines file at `path` (one object per row, keys = columns) as a Parquet file, in place. */
export async function rewriteAsParquet(path: string, columns: readonly ExtractColumn[]): Promise<void> {
  const { ParquetWriter } = await import('hyparquet-writer');
  const { fileWriter } = await import('hyparquet-writer');
  const mapped = columns.map((column) => parquetColumnOf(column));
  const schema = [{ name: 'root', num_children: mapped.length }, ...mapped.flatMap((column) => column.schema)];
  const temp = `${path}.parquet-tmp`;
  const writer = new ParquetWriter({ writer: fileWriter(temp), schema, createdBy: 'datastore-kit' });
  try {
    let values: unknown[][] = mapped.map(() => []);
    const flush = async (): Promise<void> => {
      const columnData = mapped.map((column, index) => ({ name: column.name, data: values[index] ?? [] }));
      await writer.write({ columnData, rowGroupSize: ROW_GROUP_ROWS });
      values = mapped.map(() => []);
    };
    let rows = 0;
    for await (const line of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line === '') continue;
      const record = parseLossless(line);
      if (!isLosslessObject(record)) throw new Error(`${path}: a line is not a JSON object`);
      for (const [index, column] of mapped.entries()) values[index]?.push(column.convert(record[column.name] ?? null));
      rows += 1;
      if (rows % ROW_GROUP_ROWS === 0) await flush();
    }
    if (rows === 0 || rows % ROW_GROUP_ROWS !== 0) await flush();
    await writer.finish();
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
