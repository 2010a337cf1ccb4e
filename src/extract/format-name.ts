// The output format an output's name implies: its extension (before `.gz`). A name without one, or `-` (stdout),
// means csv; an extension that is no format (x.xlsx, x.txt) is refused rather than given csv under that name.
import { EXTRACT_FORMATS } from '../schema/extract-constants.ts';
import type { ExtractFormat } from '../schema/extract-job.ts';

export type FormatOfName = { ok: true; format: ExtractFormat } | { ok: false; message: string };

/** The format `out` names, or why it names none. */
export function formatOfName(out: string): FormatOfName {
  const name = out.replace(/\.gz$/, '');
  const extension = /\.([A-Za-z0-9]+)$/.exec(name.slice(name.lastIndexOf('/') + 1))?.[1];
  if (extension === undefined) return { ok: true, format: 'csv' };
  const format = EXTRACT_FORMATS.find((known) => known === extension.toLowerCase());
  if (format !== undefined) return { ok: true, format };
  return { ok: false, message: `${out}: .${extension} is not an output format; name the file .${EXTRACT_FORMATS.join(', .')}, or give the format` };
}
