// Parquet output: the extract pages into `<out>.part` as JSON Lines of values already fitted to their columns
// (so checkpoints and --resume work as for the text formats), and the finished part is rewritten as Parquet before
// it is hashed and renamed. Column types come from the DataStore's field types (parquet-types.ts); a numeric
// column's DECIMAL precision and scale are measured from its values in a first pass over the part file.
// hyparquet-writer, a pure-JS writer, is loaded only here.
import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { columnKindOf } from './column-kinds.ts';
import { decimalShape, parseDecimal } from './decimal-text.ts';
import { isLosslessObject, JsonNumber, type LosslessValue, parseLossless } from './lossless-json.ts';
import { MAX_DECIMAL_PRECISION, type NumericLayout, parquetColumnOf } from './parquet-types.ts';
import type { ExtractColumn } from './types.ts';

// why: one row group per this many rows bounds the memory the columns take while they are filled
const ROW_GROUP_ROWS = 100_000;

/** What sealing the output found worth recording in the manifest. */
export interface SealNotes {
  warnings: string[];
}

/** Rewrites the JSON Lines file at `path` (one object per row, keys = columns) as a Parquet file, in place. */
export async function rewriteAsParquet(path: string, columns: readonly ExtractColumn[]): Promise<SealNotes> {
  const { ParquetWriter, fileWriter } = await import('hyparquet-writer');
  const layouts = await measureNumerics(path, columns);
  const mapped = columns.map((column) => parquetColumnOf(column, layouts.get(column.id)));
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
    for await (const record of readRecords(path)) {
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
  const warnings = [...layouts].flatMap(([id, layout]) => ('text' in layout ? [`parquet: numeric column ${id} is written as text: ${layout.text}`] : []));
  return { warnings };
}

async function* readRecords(path: string): AsyncGenerator<{ [key: string]: LosslessValue }> {
  for await (const line of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY })) {
    if (line === '') continue;
    const record = parseLossless(line);
    if (!isLosslessObject(record)) throw new Error(`${path}: a line is not a JSON object`);
    yield record;
  }
}

/**
 * The DECIMAL each numeric column (or array of numeric) needs: the most digits left and right of the point among
 * its values; text where a value is NaN or infinite, or the digits pass what a DECIMAL column is read with.
 */
async function measureNumerics(path: string, columns: readonly ExtractColumn[]): Promise<Map<string, NumericLayout>> {
  const numeric = columns.filter((column) => {
    const kind = columnKindOf(column.type);
    return kind.kind === 'numeric' || (kind.kind === 'array' && kind.element.kind === 'numeric');
  });
  const layouts = new Map<string, NumericLayout>();
  if (numeric.length === 0) return layouts;
  const seen = new Map(numeric.map((column) => [column.id, { integerDigits: 0, scale: 0, special: undefined as string | undefined }]));
  for await (const record of readRecords(path)) {
    for (const column of numeric) {
      const stats = seen.get(column.id);
      const value = record[column.id] ?? null;
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item === null || stats === undefined) continue;
        const decimal = item instanceof JsonNumber ? parseDecimal(item.text) : undefined;
        if (decimal === undefined) {
          stats.special ??= typeof item === 'string' ? item : 'a value that is no number';
          continue;
        }
        const shape = decimalShape(decimal);
        stats.integerDigits = Math.max(stats.integerDigits, shape.integerDigits);
        stats.scale = Math.max(stats.scale, shape.scale);
      }
    }
  }
  for (const [id, stats] of seen) layouts.set(id, layoutOf(stats));
  return layouts;
}

function layoutOf(stats: { integerDigits: number; scale: number; special: string | undefined }): NumericLayout {
  if (stats.special !== undefined) return { text: `it holds ${stats.special}, which a Parquet DECIMAL cannot` };
  const precision = Math.max(1, stats.integerDigits + stats.scale);
  if (precision > MAX_DECIMAL_PRECISION) {
    return {
      text: `its values need ${precision} digits (${stats.integerDigits} before the point, ${stats.scale} after), more than the ${MAX_DECIMAL_PRECISION} a DECIMAL column is read with`,
    };
  }
  return { precision, scale: stats.scale };
}
