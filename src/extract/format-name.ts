// The output format an output's name implies: its extension (before `.gz`), from the format registry. A name
// without one, or `-` (stdout), means csv; an extension that is no format (x.xlsx, x.txt) is refused rather than
// given csv under that name.
import type { ExtractFormat } from '../schema/extract-job.ts';
import { formatNames, outputFormat } from './formats.ts';

export type FormatOfName = { ok: true; format: ExtractFormat } | { ok: false; message: string };

/** The format `out` names, or why it names none. */
export function formatOfName(out: string): FormatOfName {
  const name = out.replace(/\.gz$/, '');
  const extension = /\.([A-Za-z0-9]+)$/.exec(name.slice(name.lastIndexOf('/') + 1))?.[1];
  if (extension === undefined) return { ok: true, format: 'csv' };
  const format = formatNames().find((known) => outputFormat(known).extension === extension.toLowerCase());
  if (format !== undefined) return { ok: true, format };
  const extensions = formatNames().map((known) => `.${outputFormat(known).extension}`);
  return { ok: false, message: `${out}: .${extension} is not an output format; name the file ${extensions.join(', ')}, or give the format` };
}
