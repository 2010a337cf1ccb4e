// The options of `run` (and of `list`, `check` and `diff`, which select cases the same way), each declared once
// (option-table.ts): the flags, --help and environment variables of those commands and the types of the API's
// `resolveRunOptions()` derive from these tables, and resolveRunOptions (api/run-options.ts) is the one place they
// are checked together. To add an option: a row here, and its use.
import { Type, type Static } from '@sinclair/typebox';
import { UpdateBaselineSchema } from './baseline.ts';
import { CKAN_VERSIONS, DEFAULT_CKAN_VERSION } from './ckan-version.ts';
import { option } from './option-table.ts';

/** Where the cases are sent: a deployed API, or the bundled reference server started for the run. */
export const RunTargetSchema = Type.Union([
  Type.Object({ kind: Type.Literal('url'), url: Type.String() }),
  Type.Object({ kind: Type.Literal('reference'), fixturesDir: Type.String() }),
]);

export type RunTarget = Static<typeof RunTargetSchema>;

const retries = (description: string) => Type.Integer({ minimum: 0, maximum: 20, description });

/** Which cases: the selection flags that run, list, check and diff share. */
export const SELECTION_OPTIONS = {
  casesDir: option(Type.String({ minLength: 1, description: 'Catalogue folder (or one case file)' }), { flag: { name: 'cases' }, job: null, default: 'cases' }),
  profileFile: option(Type.String({ minLength: 1, description: 'Profile file: resource ids, capabilities and token variable of the target' }), {
    flag: { name: 'profile' },
    job: null,
  }),
  tags: option(Type.Array(Type.String(), { description: 'Only cases with this tag (repeatable: any of them)' }), {
    flag: { name: 'tag' },
    job: null,
    default: [],
  }),
  grep: option(Type.String({ description: 'Only cases whose id or title matches this regular expression' }), { flag: { name: 'grep' }, job: null }),
  ids: option(Type.Array(Type.String(), { description: 'Only this case id, or the ids below it (repeatable)' }), {
    flag: { name: 'id' },
    job: null,
    default: [],
  }),
  shard: option(
    Type.Object(
      { index: Type.Integer({ minimum: 1 }), count: Type.Integer({ minimum: 1 }) },
      { description: 'Only shard i of n, e.g. 2/4 (whole cases, round-robin by id)' },
    ),
    { flag: { name: 'shard', text: 'shard' }, job: null },
  ),
  allowEmpty: option(Type.Boolean({ description: 'Selecting no case is not an error' }), { flag: { name: 'allow-empty' }, job: null, default: false }),
} as const;

/** How the cases are sent and judged, and where the reports go: the rest of `run`'s options. */
export const RUN_OPTIONS = {
  cwd: option(Type.String({ minLength: 1, description: 'Folder relative paths resolve against' }), { flag: null, job: null, default: '.' }),
  target: option(RunTargetSchema, { flag: null, job: null }),
  token: option(Type.String({ description: 'The API token itself (never logged)' }), { flag: null, job: null }),
  concurrency: option(Type.Integer({ minimum: 1, description: 'Requests in flight at once' }), {
    flag: { name: 'concurrency', env: 'DATASTORE_KIT_CONCURRENCY' },
    job: null,
    default: 8,
  }),
  timeoutMs: option(Type.Integer({ minimum: 1, description: 'Budget per request attempt, in ms' }), {
    flag: { name: 'timeout-ms', env: 'DATASTORE_KIT_TIMEOUT_MS' },
    job: null,
    default: 30_000,
  }),
  retries: option(retries('Retries on network errors, 5xx and 429'), { flag: { name: 'retries', env: 'DATASTORE_KIT_RETRIES' }, job: null, default: 0 }),
  rateRps: option(Type.Number({ exclusiveMinimum: 0, description: 'Requests per second at most' }), {
    flag: { name: 'rate', shownDefault: 'unlimited' },
    job: null,
  }),
  variantIds: option(
    Type.Array(Type.String(), { description: 'Only these case variants, by report id (what `run --last-failed` reads from the last report)' }),
    { flag: null, job: null },
  ),
  bail: option(Type.Boolean({ description: 'Start no new case after the first failure' }), { flag: { name: 'bail' }, job: null, default: false }),
  strictKnown: option(Type.Boolean({ description: "Count failures that a known bug of the target's CKAN release explains (reported 'known') as failures" }), {
    flag: { name: 'strict-known' },
    job: null,
    default: false,
  }),
  minApplicablePct: option(
    Type.Number({
      minimum: 0,
      maximum: 100,
      description: 'Fail the run (exit 1) when fewer than this percentage of the selected case variants applied to the target',
    }),
    { flag: { name: 'min-applicable' }, job: null },
  ),
  reportFormats: option(Type.Union([Type.String(), Type.Array(Type.String())], { description: 'Report formats, comma-separated' }), {
    // why no shown default: the report formats are the reporters' registry, which the CLI names (cli/run-flags.ts)
    flag: { name: 'report', env: 'DATASTORE_KIT_REPORT' },
    job: null,
  }),
  outDir: option(Type.String({ minLength: 1, description: 'Report folder' }), {
    flag: { name: 'out', env: 'DATASTORE_KIT_OUT' },
    job: null,
    default: 'reports',
  }),
  contract: option(
    Type.Union([Type.Literal('seed'), Type.Literal('ckan')], {
      description: 'Contract profile (when unset: ckan with --reference, or when --ckan-version or the profile names a CKAN version; else seed)',
    }),
    { flag: { name: 'contract' }, job: null },
  ),
  ckanVersion: option(
    Type.String({
      minLength: 1,
      description:
        `CKAN version of the target (${CKAN_VERSIONS.join(', ')}, or auto: status_show's ckan_version, else markers in its answers): ` +
        `its contract and which version-ranged cases apply; with --reference the server answers as it (2.9 to 2.12, default ${DEFAULT_CKAN_VERSION})`,
    }),
    { flag: { name: 'ckan-version', shownDefault: "the profile's ckan" }, job: null },
  ),
  ckanRelease: option(Type.String({ pattern: '^\\d+\\.\\d+\\.\\d+$', description: 'The patch release the reference server imitates' }), {
    flag: null,
    job: null,
  }),
  baselineDir: option(
    Type.String({
      minLength: 1,
      pattern: '\\S',
      description: 'Baseline folder: compare each answer with the one recorded there (one JSON file per case variant, normalised)',
    }),
    { flag: { name: 'baseline' }, job: null },
  ),
  updateBaseline: option(
    Type.Union(UpdateBaselineSchema.anyOf, { description: 'Which baseline files to write: none, missing, changed (accept differences), all' }),
    { flag: { name: 'update-baseline', shownDefault: 'none when CI is set, else missing' }, job: null, default: 'missing' },
  ),
} as const;

/** The environment variable holding the API token of `run` itself (after --token-file and --token-env). */
export const RUN_TOKEN_ENV = 'DATASTORE_KIT_TOKEN';

/** Where the cases go and with which token: `resolveRunOptions`' `target` and `token`, and `run --list`. */
export const RUN_DOOR_OPTIONS = {
  target: option(Type.String({ minLength: 1, description: 'Base URL of the API under test' }), {
    flag: { name: 'target', env: 'DATASTORE_KIT_TARGET' },
    job: null,
  }),
  reference: option(Type.Boolean({ description: 'Start the bundled reference server in-process and test it' }), { flag: { name: 'reference' }, job: null }),
  fixtures: option(Type.String({ minLength: 1, description: 'Fixtures folder for --reference' }), {
    flag: { name: 'fixtures' },
    job: null,
    default: 'fixtures',
  }),
  tokenEnv: option(
    Type.String({
      pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
      description: "Environment variable holding the API token (when that is unset too: the profile's token.env)",
    }),
    // why: DATASTORE_KIT_TOKEN holds the token itself, read when neither --token-env nor --token-file is given
    { flag: { name: 'token-env', shownDefault: RUN_TOKEN_ENV }, job: null },
  ),
  tokenFile: option(Type.String({ minLength: 1, description: 'File holding the API token' }), { flag: { name: 'token-file' }, job: null }),
  list: option(Type.Boolean({ description: 'Print the selected cases and exit; sends nothing' }), { flag: { name: 'list' }, job: null, default: false }),
  verbose: option(Type.Boolean({ description: 'Print each request and response as its case finishes (tokens masked)' }), {
    flag: { name: 'verbose' },
    job: null,
    default: false,
  }),
  lastFailed: option(Type.Boolean({ description: 'Run only the case variants that failed or errored in the previous run (report.json in --out)' }), {
    flag: { name: 'last-failed' },
    job: null,
    default: false,
  }),
} as const;
