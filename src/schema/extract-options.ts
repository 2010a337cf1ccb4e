// The options of `extract`, each declared once (option-table.ts): what to read, how, and where it goes. The flags
// and --help of `datastore-kit extract`, the job file's schema (extract-job.ts) and the types of the API's
// `extract()` derive from these tables; resolveExtractOptions (extract/options.ts) is the one place they are checked
// together. To add an option: a row here, and its use.
import { Type } from '@sinclair/typebox';
import { EXTRACT_FORMATS, MAX_PARALLEL } from './extract-constants.ts';
import { option } from './option-table.ts';

export const ExtractFormatSchema = Type.Union(
  EXTRACT_FORMATS.map((format) => Type.Literal(format)),
  { description: 'Output format' },
);

/** What is extracted, how it is paged and written: the API's `extract()` options of the same names. */
export const EXTRACT_OPTIONS = {
  resource: option(Type.String({ minLength: 1, description: 'Resource id (or alias) to extract' }), { flag: { name: 'resource' }, job: { key: 'resource' } }),
  sql: option(Type.String({ minLength: 1, description: 'Extract the rows of this SELECT instead (needs datastore_search_sql)' }), {
    flag: { name: 'sql' },
    job: { key: 'sql' },
  }),
  filters: option(Type.Record(Type.String(), Type.Unknown(), { description: 'datastore_search filters as JSON, e.g. \'{"stage":"advanced"}\'' }), {
    flag: { name: 'filters', text: 'json' },
    job: { key: 'filters', description: 'datastore_search filters' },
  }),
  q: option(Type.String({ minLength: 1, description: 'Free-text query' }), { flag: { name: 'q' }, job: { key: 'q' } }),
  fields: option(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: 'Columns to keep, comma-separated, in order' }), {
    flag: { name: 'fields', text: 'list' },
    job: { key: 'fields', description: 'Columns to keep, in order' },
  }),
  format: option(ExtractFormatSchema, { flag: { name: 'format', shownDefault: "from --out's extension, else csv" }, job: { key: 'format' } }),
  gzip: option(Type.Boolean({ description: 'Gzip the output' }), { flag: { name: 'gzip', shownDefault: 'when --out ends in .gz' }, job: { key: 'gzip' } }),
  out: option(Type.String({ minLength: 1, description: 'Output file; - for stdout (csv, tsv, jsonl)' }), {
    flag: { name: 'out', nargs: 1 },
    job: {
      key: 'out',
      perItem: true,
      required: true,
      description: 'Output file, relative to the job file; {date} (YYYY-MM-DD), {datetime} (YYYYMMDDTHHMMSSZ) and {name} are replaced',
    },
  }),
  pageSize: option(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Rows per request (the server may allow fewer)' }), {
    flag: { name: 'page-size' },
    job: { key: 'pageSize' },
    default: 10_000,
  }),
  parallel: option(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PARALLEL,
      description: `Requests in flight at once (at most ${MAX_PARALLEL}): keyset extracts read _id ranges concurrently, dump slices 2 at once unless given; written in order`,
    }),
    // why no default: an extract that names none reads dump slices 2 at once (dump-pages.ts), keyset ranges one
    { flag: { name: 'parallel', shownDefault: '1' }, job: { key: 'parallel' } },
  ),
  resume: option(Type.Boolean({ description: 'Continue an interrupted extract from its checkpoint (or finish one that was complete)' }), {
    flag: { name: 'resume' },
    job: { key: 'resume', default: true },
    default: false,
  }),
  restart: option(Type.Boolean({ description: 'Discard an interrupted extract (part file and checkpoint) and start over' }), {
    flag: { name: 'restart' },
    // why: a job's extracts are restarted together, by the command's --restart
    job: null,
    default: false,
  }),
  dump: option(
    Type.Boolean({
      description:
        "CSV/TSV: read through the target's /datastore/dump/<id> in _id-sorted slices where it serves it (the default, the fastest way; checked by _id order and total); --no-dump pages by the API",
    }),
    { flag: { name: 'dump' }, job: { key: 'dump' } },
  ),
  failOnDrift: option(Type.Boolean({ description: "Exit 1 when the columns differ from the previous run's (added, removed, retyped)" }), {
    flag: { name: 'fail-on-drift' },
    job: { key: 'failOnDrift' },
    default: false,
  }),
  maxShrinkPct: option(
    Type.Number({ minimum: 0, maximum: 100, description: 'Exit 1 when the rows fell by more than this percentage since the previous run' }),
    {
      flag: { name: 'max-shrink' },
      job: { key: 'maxShrink' },
    },
  ),
  incremental: option(Type.Boolean({ description: "Write only the rows after the previous run's high-water mark (kept beside the output)" }), {
    flag: { name: 'incremental' },
    job: { key: 'incremental' },
    default: false,
  }),
  watermark: option(
    Type.String({ minLength: 1, description: 'With --incremental: the increasing column the mark is kept on (other than _id: needs SQL)' }),
    // why no default: a watermark goes with incremental only; resolveExtractOptions sets _id there
    { flag: { name: 'watermark', shownDefault: '_id' }, job: { key: 'watermark' } },
  ),
  keep: option(
    Type.Integer({ minimum: 1, description: 'With a dated --out ({date}, {datetime}): keep the newest N files of the extract, remove older ones' }),
    { flag: { name: 'keep' }, job: { key: 'keep' } },
  ),
} as const;

/** The HTTP client of an extract: the API's `extract({ http })`, flat in flags and job files. */
export const EXTRACT_HTTP_OPTIONS = {
  rateRps: option(Type.Number({ exclusiveMinimum: 0, description: 'At most this many requests per second' }), {
    flag: { name: 'rate', shownDefault: 'unlimited' },
    job: { key: 'rate' },
  }),
  retries: option(Type.Integer({ minimum: 0, maximum: 20, description: 'Retries per page on network errors, 5xx and 429' }), {
    flag: { name: 'retries' },
    job: { key: 'retries' },
    default: 5,
  }),
  timeoutMs: option(Type.Integer({ minimum: 1, description: 'Per-request timeout in ms' }), {
    flag: { name: 'timeout-ms' },
    job: { key: 'timeoutMs' },
    default: 60_000,
  }),
} as const;

/** Where an extract reads from and with which token: the API's `source`, or a job file's `target` and `tokenEnv`. */
export const EXTRACT_SOURCE_OPTIONS = {
  target: option(Type.String({ minLength: 1, description: 'Base URL of the API (e.g. https://portal.example)' }), {
    flag: { name: 'target' },
    job: { key: 'target', perItem: true, description: 'Base URL; default: the job-level target' },
  }),
  reference: option(Type.Boolean({ description: 'Extract from the bundled reference server, started in-process' }), { flag: { name: 'reference' }, job: null }),
  fixtures: option(Type.String({ minLength: 1, description: 'Fixtures folder for --reference' }), {
    flag: { name: 'fixtures' },
    job: null,
    default: 'fixtures',
  }),
  tokenEnv: option(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'Environment variable holding the API token' }), {
    flag: { name: 'token-env' },
    job: { key: 'tokenEnv' },
  }),
  tokenFile: option(Type.String({ minLength: 1, description: 'File holding the API token' }), { flag: { name: 'token-file' }, job: null }),
} as const;

/** The flags of `extract` that choose a job file and how it runs. */
export const EXTRACT_JOB_OPTIONS = {
  job: option(Type.String({ minLength: 1, description: 'Job file (YAML) listing many extracts' }), { flag: { name: 'job' }, job: null }),
  force: option(Type.Boolean({ description: 'With --job: run extracts again whose output and manifest are already complete' }), {
    flag: { name: 'force' },
    job: null,
    default: false,
  }),
} as const;
