// Types shared by the extract parts: what to extract, how it is paged, and what the run reports.
import { MAX_PARALLEL } from '../schema/extract-constants.ts';
import { EXTRACT_HTTP_OPTIONS, EXTRACT_OPTIONS } from '../schema/extract-options.ts';
import type { OptionValues } from '../schema/option-table.ts';
import type { ExtractFormat } from '../schema/extract-job.ts';
import type { ExtractTarget } from './api.ts';

/** Defaults of an extract (declared in schema/extract-options.ts): rows per request, and an HTTP client patient with slow pages and transient failures. */
export const EXTRACT_DEFAULTS = Object.freeze({
  pageSize: EXTRACT_OPTIONS.pageSize.default,
  timeoutMs: EXTRACT_HTTP_OPTIONS.timeoutMs.default,
  retries: EXTRACT_HTTP_OPTIONS.retries.default,
  maxParallel: MAX_PARALLEL,
});

/** How pages are fetched; the manifest records it. */
export const PagingMethod = {
  sqlKeyset: 'sql-keyset',
  nextPage: 'next-page',
  offset: 'offset',
  sqlOffset: 'sql-offset',
  /** CKAN's /datastore/dump/<id> in `_id`-sorted offset slices (csv/tsv outputs; see dump-pages.ts). */
  dump: 'dump',
} as const;
export type PagingMethod = (typeof PagingMethod)[keyof typeof PagingMethod];

export interface ExtractColumn {
  id: string;
  type: string;
}

/** What rows to read, and from where: a resource (narrowed by filters, q and fields) or the rows of an SQL query. */
export interface ExtractQuery {
  target: ExtractTarget;
  /** Either `resource` or `sql` is set. */
  resource?: string;
  sql?: string;
  filters?: Record<string, unknown>;
  q?: string;
  fields?: string[];
  /**
   * Read only the rows after the previous run's high-water mark of `column` (kept beside the output, see
   * incremental.ts); `after` and `through` are filled in when the run starts.
   */
  incremental?: { column: string; after?: string | null; through?: string | null };
}

/** How the rows are asked for. */
export interface ExtractPaging {
  /** Rows asked per request (default 10000); the server may return fewer (rows_max). */
  pageSize: number;
  /**
   * Requests in flight at once (default 1). Above 1, a keyset extract (sql-keyset, next-page) reads `_id` ranges
   * concurrently and writes them in `_id` order (same file, checkpoint and resume); offset paging reads one page
   * at a time.
   */
  parallel?: number;
  /** CSV/TSV: read through the target's /datastore/dump/<id> where it serves it (dump-pages.ts); default true (plan.ts wantsDump). */
  dump?: boolean;
}

/** Where the rows are written, in which shape, and what becomes of an earlier run's leftovers there. */
export interface ExtractOutput {
  /** Output file path; written as `<out>.part` and renamed at the end. */
  out: string;
  format: ExtractFormat;
  gzip: boolean;
  /**
   * Continue from `<out>.checkpoint.json` when it matches this extract. Without it, an unfinished checkpoint is
   * refused (E_RESUME), never silently discarded.
   */
  resume: boolean;
  /** Discard any leftovers (part file, checkpoint) and start over; default false. */
  restart?: boolean;
}

/** What a finished extract is held to besides the server's total: the previous run of the same extract. */
export interface ExtractChecks {
  /** Fail (exit 1) when the columns differ from the previous run's; default false. */
  failOnDrift?: boolean;
  /** Fail (exit 1) when the rows fell by more than this percentage since the previous run. */
  maxShrinkPct?: number;
}

/**
 * One extract, fully resolved, as the front doors hand it over: what to read, how to page, where to write, how
 * to verify. The parts of the extract take the part they use.
 */
export type ExtractSpec = ExtractQuery & ExtractPaging & ExtractOutput & ExtractChecks;

/** What names an extract's own files in its output folder (its incremental mark, the summary of its last run). */
export type ExtractStateOwner = ExtractQuery & Pick<ExtractOutput, 'out'>;

/** What identifies an extract's rows and file: what is read and the shape it is written in (checkpoints, manifests). */
export type ExtractIdentity = ExtractQuery & Pick<ExtractOutput, 'format' | 'gzip'>;

/** Where paging stands: the last `_id` written (keyset) and rows written so far (offset). */
export interface Cursor {
  lastId: string | null;
  offset: number;
}

/** What the extract tells its observer while it runs. */
export interface ExtractListener {
  onStart?(info: { out: string; method: PagingMethod; total: number | undefined; resumedRows: number }): void;
  onPage?(info: { out: string; rows: number; total: number | undefined; elapsedMs: number }): void;
  onWarning?(message: string): void;
  /** A line worth telling that is no warning: an extract skipped as already done, older files pruned. */
  onNote?(message: string): void;
}

/** HTTP settings of one extract, as declared in schema/extract-options.ts (the client's defaults apply to what is not given). */
export type ExtractHttpOptions = OptionValues<typeof EXTRACT_HTTP_OPTIONS>;
