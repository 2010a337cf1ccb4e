// The options of `diff`, each declared once (option-table.ts): its two targets (the flags repeat, one value per
// target), what it sends, and the options of `run` it shares. The flags and --help of `datastore-kit diff` and the
// types of the API's `resolveDiffOptions()` derive from these tables. To add an option: a row here, and its use.
import { Type } from '@sinclair/typebox';
import { CKAN_VERSIONS } from './ckan-version.ts';
import { describedAs, option } from './option-table.ts';
import { RUN_OPTIONS } from './run-options.ts';

const SEED_LIMIT = 2 ** 31 - 1;

/** The two targets, in order (A first: the expected side of each difference), each with its profile and token. */
export const DIFF_SIDE_OPTIONS = {
  targets: option(Type.Array(Type.String({ minLength: 1 }), { description: 'Base URL of a target (give two, or one with --reference); the first is A' }), {
    flag: { name: 'target' },
    job: null,
    default: [],
  }),
  reference: option(Type.Boolean({ description: 'The bundled reference server as target B' }), { flag: { name: 'reference' }, job: null, default: false }),
  profiles: option(
    Type.Array(Type.String({ minLength: 1 }), { description: 'Profile of each target, in target order (one profile serves both --target URLs)' }),
    { flag: { name: 'profile' }, job: null, default: [] },
  ),
  fixtures: option(Type.String({ minLength: 1, description: 'Fixtures folder for --reference' }), {
    flag: { name: 'fixtures' },
    job: null,
    default: 'fixtures',
  }),
  tokenEnvs: option(
    Type.Array(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }), {
      description: "Environment variable holding each --target's token, in order (when none: the profile's token.env)",
    }),
    { flag: { name: 'token-env' }, job: null, default: [] },
  ),
  tokenFiles: option(Type.Array(Type.String({ minLength: 1 }), { description: "File holding each --target's token, in order (instead of --token-env)" }), {
    flag: { name: 'token-file' },
    job: null,
    default: [],
  }),
  ckanVersion: option(
    Type.String({
      minLength: 1,
      description: `CKAN version (${CKAN_VERSIONS.join(', ')}) the reference server answers as, and whose version-ranged cases apply`,
    }),
    { flag: { name: 'ckan-version' }, job: null },
  ),
} as const;

/** What a two-target run sends (`diff`, `upgrade-check`): the catalogue, generated requests, recorded traffic. */
export const PAIR_SOURCE_OPTIONS = {
  catalogue: option(Type.Boolean({ description: 'Send the catalogue cases (--no-catalogue: only generated or recorded requests)' }), {
    flag: { name: 'catalogue' },
    job: null,
    default: true,
  }),
  generate: option(Type.Integer({ minimum: 1, description: "Also send N requests generated from target A's data" }), { flag: { name: 'generate' }, job: null }),
  seed: option(
    Type.Integer({
      minimum: -SEED_LIMIT,
      maximum: SEED_LIMIT,
      description: 'Seed of the generated requests and of --sample: the same seed sends the same requests',
    }),
    { flag: { name: 'seed', shownDefault: 'random, printed' }, job: null },
  ),
  requests: option(
    Type.String({
      minLength: 1,
      pattern: '\\S',
      description: 'Also send the requests of recorded traffic: a HAR file, JSON lines or an access log (.gz read too)',
    }),
    { flag: { name: 'requests' }, job: null },
  ),
  sample: option(Type.Integer({ minimum: 1, description: 'Send N of the distinct requests of --requests, drawn with --seed' }), {
    flag: { name: 'sample', shownDefault: 'all' },
    job: null,
  }),
} as const;

/** Where the diff reports go, and the replay line shown with them. */
export const DIFF_OPTIONS = {
  reportFormats: option(Type.Union([Type.String(), Type.Array(Type.String())], { description: 'Report formats, comma-separated' }), {
    // why no shown default: the diff report formats are the reporters', which the CLI names (cli/diff.ts)
    flag: { name: 'report' },
    job: null,
  }),
  replay: option(Type.String({ description: 'The command line that sends the same requests again, shown with generated disagreements' }), {
    flag: null,
    job: null,
  }),
} as const;

/** How a two-target run sends (`diff`, `upgrade-check`): the options of `run` it shares, for a pair of targets. */
export const PAIR_TRANSPORT_OPTIONS = {
  concurrency: describedAs(RUN_OPTIONS.concurrency, 'Request pairs in flight at once'),
  timeoutMs: RUN_OPTIONS.timeoutMs,
  retries: RUN_OPTIONS.retries,
  rateRps: describedAs(RUN_OPTIONS.rateRps, 'Requests per second at most, both targets together'),
} as const;

/** The options of `run` that diff shares, with what they mean for a pair of targets. */
export const DIFF_RUN_OPTIONS = {
  ...PAIR_TRANSPORT_OPTIONS,
  outDir: describedAs(RUN_OPTIONS.outDir, 'Report folder: diff.json, diff.md, diff.html'),
} as const;
