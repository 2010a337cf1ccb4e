// The manifest beside a finished output: what was extracted, from where, how it was paged, and what to check.
import { basename } from 'node:path';
import type { Clock } from '../model/index.ts';
import { MANIFEST_VERSION } from '../schema/extract-constants.ts';
import type { Manifest } from '../schema/extract-files.ts';
import { displayTarget, type Checkpoint } from './checkpoint.ts';
import type { ExtractPlan } from './plan.ts';
import { columnKindOf } from './column-kinds.ts';
import { formatNames, outputFormat } from './formats.ts';
import { type ExtractColumn, type ExtractOutput, type ExtractPaging, type ExtractQuery, PagingMethod } from './types.ts';

/** What is known once the output is complete. */
export interface FinishedExtract {
  spec: ExtractQuery & ExtractOutput & Pick<ExtractPaging, 'pageSize'>;
  plan: ExtractPlan;
  checkpoint: Checkpoint;
  output: { bytes: number; sha256: string };
  resumed: boolean;
  /** Warnings of this run beyond the plan's (e.g. the server lowered the page size). */
  warnings: readonly string[];
}

/** Builds the manifest; URL credentials of the target never appear in it. */
export function buildManifest(done: FinishedExtract, clock: Clock): Manifest {
  const { spec, plan, checkpoint } = done;
  const rows = checkpoint.rows;
  const totalCheck = plan.total === undefined ? null : { serverTotal: plan.total, exact: plan.totalIsExact, matches: plan.total === rows };
  const warnings = [...plan.warnings, ...done.warnings];
  if (totalCheck?.exact && !totalCheck.matches) {
    warnings.push(`wrote ${rows} rows but the server counted ${plan.total}: the data changed during the extract`);
  }
  if (checkpoint.pageSizeUsed < spec.pageSize) {
    warnings.push(
      `the server returns at most ${checkpoint.pageSizeUsed} rows per request: pages were lowered from ${spec.pageSize} to ${checkpoint.pageSizeUsed} rows`,
    );
  }
  return {
    manifestVersion: MANIFEST_VERSION,
    // why: relative to the manifest, which sits beside the output, so a moved folder's manifest stays right
    output: { file: basename(spec.out), format: spec.format, gzip: spec.gzip, ...done.output },
    source: {
      target: displayTarget(spec.target),
      ...(spec.resource === undefined ? {} : { resource: spec.resource }),
      ...(plan.resourceId === undefined ? {} : { resourceId: plan.resourceId }),
      ...(spec.sql === undefined ? {} : { sql: spec.sql }),
    },
    query: {
      ...(spec.filters === undefined ? {} : { filters: spec.filters }),
      ...(spec.q === undefined ? {} : { q: spec.q }),
      ...(spec.fields === undefined ? {} : { fields: spec.fields }),
    },
    columns: plan.columns,
    rows,
    paging: { method: plan.method, pageSize: spec.pageSize, pageSizeUsed: checkpoint.pageSizeUsed, pages: checkpoint.pages },
    startedAt: checkpoint.startedAt,
    finishedAt: new Date(clock.now()).toISOString(),
    resumed: done.resumed,
    totalCheck,
    warnings,
    ...(spec.incremental === undefined ? {} : { incremental: incrementalOf(spec.incremental, checkpoint) }),
    ...precisionOf(plan),
  };
}

/** The paging methods that read through datastore_search (the dump is its COPY text), not datastore_search_sql. */
const SEARCH_METHODS: ReadonlySet<PagingMethod> = new Set([PagingMethod.dump, PagingMethod.offset, PagingMethod.nextPage]);

/**
 * What this paging method reads less precisely than another path of the same target: CKAN's datastore_search
 * (and so its dump) writes timestamps to the second (2.9-2.11) or the millisecond (2.12, its default
 * ms_in_timestamp), where datastore_search_sql writes the microseconds PostgreSQL holds (recorded from real CKAN
 * 2.9-2.12, test/ckan-recordings/). So the same row reads `2025-03-23T02:50:50` from a dump and
 * `2025-03-23T02:50:50.250000` from an SQL page; every other value reads the same bytes either way.
 */
export function describePrecision(plan: { method: PagingMethod; columns: readonly ExtractColumn[] }): NonNullable<Manifest['precision']> {
  if (!SEARCH_METHODS.has(plan.method)) return [];
  return plan.columns
    .filter((column) => {
      const kind = columnKindOf(column.type);
      return kind.kind === 'timestamp' || (kind.kind === 'array' && kind.element.kind === 'timestamp');
    })
    .map((column) => ({
      column: column.id,
      type: column.type,
      lost: `the fraction of a second: ${plan.method} reads through datastore_search, which CKAN writes to the second (2.9-2.11) or the millisecond (2.12)`,
      keep: 'datastore_search_sql writes the microseconds: --no-dump (sql-keyset paging) on a target that has it',
    }));
}

function precisionOf(plan: { method: PagingMethod; columns: readonly ExtractColumn[] }): Pick<Manifest, 'precision'> {
  const precision = describePrecision(plan);
  return precision.length === 0 ? {} : { precision };
}

/** The marks of an incremental run: with `_id`, the last `_id` written (the cursor), else the maximum read at the start. */
function incrementalOf(incremental: NonNullable<ExtractQuery['incremental']>, checkpoint: Checkpoint): NonNullable<Manifest['incremental']> {
  const after = incremental.after ?? null;
  const through = incremental.column === '_id' ? (checkpoint.cursor.lastId ?? after) : (incremental.through ?? after);
  return { column: incremental.column, after, through };
}

/**
 * Warns when the output's name says another content: gzip bytes in a name without .gz (or plain text in a .gz
 * name), or a known format's extension that is not the format written. The name is kept as given.
 */
export function describeNameMismatch(spec: Pick<ExtractOutput, 'out' | 'format' | 'gzip'>): string | undefined {
  const zipped = spec.out.endsWith('.gz');
  if (spec.gzip !== zipped) {
    return spec.gzip
      ? `${spec.out} holds gzip-compressed ${spec.format} but its name does not end in .gz; name it ${spec.out}.gz for tools that go by the name`
      : `${spec.out} holds plain ${spec.format} (not gzip) although its name ends in .gz`;
  }
  const named = formatNames().find((format) => spec.out.replace(/\.gz$/, '').endsWith(`.${outputFormat(format).extension}`));
  if (named !== undefined && named !== spec.format) return `${spec.out} holds ${spec.format}, not ${named} as its name says`;
  return undefined;
}
