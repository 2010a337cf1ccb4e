// The manifest beside a finished output: what was extracted, from where, how it was paged, and what to check.
import { basename } from 'node:path';
import type { Clock } from '../model/index.ts';
import { MANIFEST_VERSION } from '../schema/extract-constants.ts';
import type { Manifest } from '../schema/extract-files.ts';
import { displayTarget, type Checkpoint } from './checkpoint.ts';
import type { ExtractPlan } from './plan.ts';
import { formatNames, outputFormat } from './formats.ts';
import type { ExtractOutput, ExtractPaging, ExtractQuery } from './types.ts';

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
  };
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
