// Appending the Markdown summary to GitHub Actions' job summary file ($GITHUB_STEP_SUMMARY).
import { appendFile, stat } from 'node:fs/promises';

/** GitHub's cap on one step's summary file: 1 MiB. */
export const STEP_SUMMARY_MAX_BYTES = 1024 * 1024;

const cutNote = '\n\n> Summary cut to stay under the 1 MiB step summary limit; the full results are in the report files.\n';

/**
 * Cuts `markdown` to at most `maxBytes` UTF-8 bytes, at a line boundary, ending with a note saying it was cut.
 * Returns it unchanged when it fits.
 */
export function capMarkdown(markdown: string, maxBytes: number): string {
  if (Buffer.byteLength(markdown, 'utf8') <= maxBytes) return markdown;
  const budget = maxBytes - Buffer.byteLength(cutNote, 'utf8');
  if (budget <= 0) return '';
  // why: cutting the bytes may split a multi-byte character; decoding drops the broken tail (U+FFFD removed)
  let text = Buffer.from(markdown, 'utf8')
    .subarray(0, budget)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
  const lastNewline = text.lastIndexOf('\n');
  if (lastNewline > 0) text = text.slice(0, lastNewline);
  return `${text}${cutNote}`;
}

/**
 * Appends `markdown` to the step summary file at `path`, keeping the file under `maxBytes` (default 1 MiB,
 * counting what earlier steps wrote). Returns the number of bytes appended.
 */
export async function appendStepSummary(path: string, markdown: string, maxBytes = STEP_SUMMARY_MAX_BYTES): Promise<number> {
  const existingBytes = await fileSize(path);
  const text = capMarkdown(`${existingBytes > 0 ? '\n' : ''}${markdown}`, maxBytes - existingBytes);
  if (text === '') return 0;
  await appendFile(path, text, 'utf8');
  return Buffer.byteLength(text, 'utf8');
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return 0;
    throw error;
  }
}
