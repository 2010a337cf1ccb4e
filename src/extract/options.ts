// resolveExtractOptions(): the one place an extract's options are checked, related and completed, whichever front
// door they came through (the flags of `extract`, an item of a job file, the API's `extract()`). Each door names an
// option its own way (`--page-size`, `pageSize`, `http.rateRps`); the words after the name are the same from each.
// Pure: reads no file and no environment.
import { OptionsError, type OptionProblemLine } from '../errors.ts';
import type { ExtractFormat } from '../schema/extract-job.ts';
import { EXTRACT_HTTP_OPTIONS, EXTRACT_OPTIONS, EXTRACT_SOURCE_OPTIONS } from '../schema/extract-options.ts';
import { checkHttpUrl, checkOptionValue, readOptionValues, withDefaults, type OptionLabel } from '../schema/option-check.ts';
import type { OptionValues, ResolvedOptionValues } from '../schema/option-table.ts';
import type { ExtractTarget } from './api.ts';
import { formatOfName } from './format-name.ts';
import { gzipApplies, streamedFormats, streamsFormat } from './formats.ts';
import { findUnknownTemplate, TEMPLATE_NAMES } from './template.ts';
import { isPlainObject } from '../util/json.ts';
import type { ExtractSpec } from './types.ts';

/** The options of one extract as a caller gives them (`extract()`'s, the flags', a job item's, by API name). */
export type ExtractOptionValues = OptionValues<typeof EXTRACT_OPTIONS> & {
  /** HTTP settings of the extract. */
  http?: OptionValues<typeof EXTRACT_HTTP_OPTIONS> | undefined;
};

/** What is given, before it is checked: values of any type (from flags, YAML or JavaScript). */
export type GivenExtractOptions = Readonly<Record<string, unknown>>;

/** An extract's options, checked, related and completed; frozen. */
export type ResolvedExtractOptions = Omit<ResolvedOptionValues<typeof EXTRACT_OPTIONS>, 'format' | 'gzip' | 'out'> & {
  readonly format: ExtractFormat;
  readonly gzip: boolean;
  readonly out: string;
  readonly http: ResolvedOptionValues<typeof EXTRACT_HTTP_OPTIONS>;
};

/** The API's names: `pageSize`, `http.rateRps`, `source.target`. */
export const apiOptionLabel: OptionLabel = (key) => (key in EXTRACT_HTTP_OPTIONS ? `http.${key}` : key === 'target' ? 'source.target' : key);

/**
 * Checks `given` (and the base URL it reads from, if any) against the declarations and the rules between options,
 * fills in the defaults and returns frozen options. Throws OptionsError (E_USAGE, exit 2) listing every problem.
 */
export function resolveExtractOptions(given: GivenExtractOptions, label: OptionLabel = apiOptionLabel, target?: string): ResolvedExtractOptions {
  const http = isPlainObject(given['http']) ? given['http'] : {};
  const options = readOptionValues(EXTRACT_OPTIONS, given);
  const transport = readOptionValues(EXTRACT_HTTP_OPTIONS, http);
  const problems: OptionProblemLine[] = [...options.problems, ...transport.problems].map((p) => ({ key: p.key, message: `${label(p.key)} ${p.detail}` }));
  if (given['http'] !== undefined && !isPlainObject(given['http'])) problems.push({ key: 'http', message: `${label('http')} must be an object` });
  const urlProblem = target === undefined ? undefined : (checkOptionValue(EXTRACT_SOURCE_OPTIONS.target.schema, target) ?? checkHttpUrl(target));
  if (urlProblem !== undefined) problems.push({ key: 'target', message: `${label('target')} ${urlProblem}` });
  if (problems.length > 0) throw new OptionsError(problems);
  const resolved = relateOptions(options.values, label);
  return Object.freeze({ ...resolved, http: withDefaults(EXTRACT_HTTP_OPTIONS, transport.values) });
}

function relateOptions(v: OptionValues<typeof EXTRACT_OPTIONS>, label: OptionLabel): Omit<ResolvedExtractOptions, 'http'> {
  const problems: OptionProblemLine[] = [];
  const say = (key: string, message: string): void => void problems.push({ key, message });
  if ((v.resource === undefined) === (v.sql === undefined)) say('resource', `give exactly one of ${label('resource')} or ${label('sql')}`);
  if (v.sql !== undefined && (v.filters !== undefined || v.q !== undefined || v.fields !== undefined)) {
    say('sql', `${label('filters')}, ${label('q')} and ${label('fields')} go with ${label('resource')}, not with ${label('sql')} (write them into the SQL)`);
  }
  if (v.watermark !== undefined && v.incremental !== true) say('watermark', `${label('watermark')} goes with ${label('incremental')}`);
  const out = v.out;
  if (out === undefined) {
    say('out', `${label('out')} FILE is required`);
    throw new OptionsError(problems);
  }
  const unknown = findUnknownTemplate(out);
  if (unknown !== undefined) say('out', `${label('out')} has an unknown template ${unknown}; use ${TEMPLATE_NAMES.map((n) => `{${n}}`).join(', ')}`);
  const named = v.format === undefined ? formatOfName(out) : undefined;
  if (named !== undefined && !named.ok) say('out', `${label('out')} ${named.message} with ${label('format')}`);
  const format = v.format ?? (named?.ok === true ? named.format : 'csv');
  const stream = out === '-';
  const gzip = v.gzip ?? (!stream && out.endsWith('.gz'));
  if (stream && !streamsFormat(format)) say('out', `${label('out')} - streams ${streamedFormats().join(', ')}, not ${format} (write ${format} to a file)`);
  if (stream && (v.gzip === true || v.resume === true || v.keep !== undefined || v.incremental === true)) {
    say(
      'out',
      `${label('out')} - streams plain text, without ${label('gzip')}, ${label('resume')}, ${label('keep')} or ${label('incremental')} (pipe it to gzip for gzip)`,
    );
  }
  if (gzip && !gzipApplies(format)) say('gzip', `${label('gzip')} does not go with ${format}, which compresses its columns itself`);
  if (problems.length > 0) throw new OptionsError(problems);
  // why: the resolved options resolve to themselves (the CLI resolves, then the API again): a watermark only with incremental
  return { ...withDefaults(EXTRACT_OPTIONS, v), format, gzip, out, watermark: v.incremental === true ? (v.watermark ?? '_id') : undefined };
}

/** The extract the parts of extract/ run: resolved options, the target, and the output path as it is written. */
export function toExtractSpec(options: ResolvedExtractOptions, where: { target: ExtractTarget; out: string }): ExtractSpec {
  const o = options;
  return {
    target: where.target,
    ...(o.resource === undefined ? {} : { resource: o.resource }),
    ...(o.sql === undefined ? {} : { sql: o.sql }),
    ...(o.filters === undefined ? {} : { filters: o.filters }),
    ...(o.q === undefined ? {} : { q: o.q }),
    ...(o.fields === undefined ? {} : { fields: [...o.fields] }),
    format: o.format,
    gzip: o.gzip,
    out: where.out,
    pageSize: o.pageSize,
    // why: an unset parallel lets the dump read 2 slices at once (dump-pages.ts); a given one is kept
    ...(o.parallel === undefined ? {} : { parallel: o.parallel }),
    resume: o.resume,
    ...(o.restart ? { restart: true } : {}),
    ...(o.incremental ? { incremental: { column: o.watermark ?? '_id' } } : {}),
    ...(o.dump === undefined ? {} : { dump: o.dump }),
    ...(o.failOnDrift ? { failOnDrift: true } : {}),
    ...(o.maxShrinkPct === undefined ? {} : { maxShrinkPct: o.maxShrinkPct }),
  };
}
