// `--out -`: the rows written to a stream (stdout) as they arrive, for a pipe (`| gzip`, `| duckdb`, `| psql`).
// There is no file, so no part file, checkpoint, lock or manifest: a failed stream is rerun from the start. The row
// count is still checked against the server's total, and a mismatch is a warning.
import { KitError, KitErrorCode, toEnvironmentError } from '../errors.ts';
import type { HttpClient } from '../http/index.ts';
import { maskUrlCredentials } from '../util/redact.ts';
import { withSignal } from './api.ts';
import { pageSizeFor } from './dump-pages.ts';
import { outputFormat, refuseOutputShape } from './formats.ts';
import { openPageStream } from './page-stream.ts';
import { planExtract } from './plan.ts';
import type { ExtractListener, ExtractOutput, ExtractPaging, ExtractQuery } from './types.ts';

/** Where the rows go: a stream such as process.stdout (its write callback paces the extract). */
export type TextSink = Pick<NodeJS.WritableStream, 'write'>;

/** What a streamed extract wrote. */
export interface StreamedExtract {
  rows: number;
  method: string;
  /** The reader closed the stream (`| head`) before the last row: the extract stopped there. */
  readerClosed?: boolean;
}

/**
 * Writes the extract `spec` (a format that streams: csv, tsv or jsonl) to `output`; throws E_USAGE for a format
 * that does not stream, E_ENV (exit 3) when the output refuses a write (ENOSPC), E_EXTRACT_FAILED on other failures,
 * and `interrupted: N rows written to stdout` when `signal` is aborted.
 */
export async function streamExtract(
  spec: ExtractQuery & ExtractPaging & Pick<ExtractOutput, 'format'>,
  output: TextSink,
  collaborators: { client: HttpClient; listener?: ExtractListener; signal?: AbortSignal },
): Promise<StreamedExtract> {
  const refused = refuseOutputShape({ format: spec.format, gzip: false, stream: true });
  if (refused !== undefined) throw new KitError(KitErrorCode.usage, refused);
  const { signal } = collaborators;
  const client = withSignal(collaborators.client, signal);
  let rows = 0;
  let method = '';
  try {
    const plan = await planExtract(client, spec, { format: spec.format, dump: spec.dump });
    method = plan.method;
    for (const warning of plan.warnings) collaborators.listener?.onWarning?.(warning);
    const encoder = outputFormat(spec.format).createEncoder();
    await write(output, encoder.head(plan.columns));
    const pages = await openPageStream(client, spec, plan, { cursor: { lastId: null, offset: 0 }, pageSize: pageSizeFor(spec, plan) });
    for await (const page of pages) {
      signal?.throwIfAborted();
      await write(output, 'lines' in page.content ? page.content.lines : encoder.rows(plan.columns, page.content.values, rows === 0));
      rows += page.rowCount;
    }
    await write(output, encoder.tail());
    if (plan.total !== undefined && plan.totalIsExact && plan.total !== rows) {
      collaborators.listener?.onWarning?.(`wrote ${rows} rows but the server counted ${plan.total}: the data changed during the extract`);
    }
    return { rows, method };
  } catch (caught) {
    const error = caught instanceof OutputRefused ? caught.cause : caught;
    // why: a reader that stops reading (`| head -5`) is done with the rows, not a failure of the extract
    if (error instanceof Error && 'code' in error && error.code === 'EPIPE') return { rows, method, readerClosed: true };
    if (signal?.aborted === true) throw new KitError(KitErrorCode.extractFailed, `interrupted: ${rows} rows written to stdout`, { cause: error });
    // why: stdout on a full disk (ENOSPC) or a file past ulimit -f (EFBIG) is the machine's failure, as it is for --out FILE
    const refused = caught instanceof OutputRefused ? toEnvironmentError(error) : undefined;
    if (refused !== undefined)
      throw new KitError(KitErrorCode.environment, `extract to stdout stopped after ${rows} rows: ${refused.message}`, { cause: error });
    const reason = maskUrlCredentials(error instanceof Error ? error.message : String(error));
    throw new KitError(KitErrorCode.extractFailed, `extract to stdout failed: ${reason}`, { cause: error });
  }
}

/** The output refused a write: its error is the cause. */
class OutputRefused extends Error {}

/** Writes and waits for the stream to take more (backpressure), so memory holds at most a page or two. */
function write(output: TextSink, text: string): Promise<void> {
  if (text === '') return Promise.resolve();
  return new Promise((resolve, reject) => {
    output.write(text, (error?: Error | null) => (error ? reject(new OutputRefused(error.message, { cause: error })) : resolve()));
  });
}
