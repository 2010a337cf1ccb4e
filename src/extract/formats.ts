// The output format registry: per format, the one place that says how its rows are written (encoder, delimiter),
// whether `--out -` can stream it, whether gzip applies, how a complete part file is sealed into the output, and
// its file extension. The plan, the page readers, the manifest and the front doors ask here.
import type { ExtractFormat } from '../schema/extract-job.ts';
import { createDelimitedEncoder, createJsonArrayEncoder, createJsonLinesEncoder, type Encoder } from './encode.ts';
import { rewriteAsParquet, type SealNotes } from './parquet.ts';
import type { ExtractColumn } from './types.ts';

/** One output format. */
export interface OutputFormat {
  /** The extension of its files (without the dot); `.gz` follows it where gzip applies. */
  extension: string;
  /** The text written to `<out>.part` while the extract pages (Parquet: JSON Lines, rewritten at the end). */
  createEncoder(): Encoder;
  /**
   * csv/tsv: the cell delimiter. Pages of PostgreSQL's COPY text (the dump, records_format=csv) are rewritten
   * straight into such lines, so the plan reads them only for a format that has one.
   */
  delimiter?: ',' | '\t';
  /** Whether `--out -` can write the rows as they arrive (the part file is the output, no rewrite at the end). */
  streams: boolean;
  /** Whether `--gzip` applies (Parquet compresses its columns itself). */
  gzip: boolean;
  /** How the complete part file becomes the output, in place; none: it is the output as it is. */
  seal?: (path: string, columns: readonly ExtractColumn[]) => Promise<SealNotes>;
}

/** Every output format, by the name `--format` and a job's `format:` take. */
export const outputFormats = {
  csv: { extension: 'csv', createEncoder: () => createDelimitedEncoder(','), delimiter: ',', streams: true, gzip: true },
  tsv: { extension: 'tsv', createEncoder: () => createDelimitedEncoder('\t'), delimiter: '\t', streams: true, gzip: true },
  jsonl: { extension: 'jsonl', createEncoder: createJsonLinesEncoder, streams: true, gzip: true },
  // why: one JSON array is whole only at its last byte; a stream that fails midway leaves text no reader takes
  json: { extension: 'json', createEncoder: createJsonArrayEncoder, streams: false, gzip: true },
  parquet: { extension: 'parquet', createEncoder: createJsonLinesEncoder, streams: false, gzip: false, seal: rewriteAsParquet },
} as const satisfies Record<ExtractFormat, OutputFormat>;

/** The registry entry of `format`. */
export function outputFormat(format: ExtractFormat): OutputFormat {
  return outputFormats[format];
}

/** Whether `--gzip` (a job's `gzip: true`) applies to `format`. */
export function gzipApplies(format: ExtractFormat): boolean {
  return outputFormat(format).gzip;
}

/** Whether `--out -` can stream `format`. */
export function streamsFormat(format: ExtractFormat): boolean {
  return outputFormat(format).streams;
}

/** The formats `--out -` streams, in registry order (for messages). */
export function streamedFormats(): ExtractFormat[] {
  return formatNames().filter(streamsFormat);
}

/** Every format name, in registry order. */
export function formatNames(): ExtractFormat[] {
  return Object.keys(outputFormats).filter(isOutputFormat);
}

export function isOutputFormat(name: string): name is ExtractFormat {
  return Object.hasOwn(outputFormats, name);
}

/**
 * Why an output of `format` (gzipped or not, to a file or to stdout) cannot be written, or undefined when it can:
 * the same line from every front door (flags, job file, API) and from the extract itself.
 */
export function refuseOutputShape(shape: { format: ExtractFormat; gzip: boolean; stream?: boolean }): string | undefined {
  if (shape.gzip && !gzipApplies(shape.format)) return `gzip (--gzip, gzip: true) does not go with ${shape.format}, which compresses its columns itself`;
  if (shape.stream === true && !streamsFormat(shape.format)) {
    return `--out - streams ${streamedFormats().join(', ')}, not ${shape.format} (write ${shape.format} to a file)`;
  }
  return undefined;
}
