// The flags of `run` (beside the selection and container flags) and the environment variables it reads.
import { REPORT_FORMATS } from '../reporters/index.ts';
import { RUN_DEFAULTS } from '../util/run-defaults.ts';
import { CKAN_VERSIONS, DEFAULT_CKAN_VERSION } from '../schema/ckan-version.ts';
import type { FlagTable } from './flags.ts';

/** The flags of `run`; numbers have no yargs default, so the environment layer can fill them. */
export const RUN_FLAGS = {
  target: { type: 'string', env: 'DATASTORE_KIT_TARGET', describe: 'Base URL of the API under test' },
  reference: { type: 'boolean', describe: 'Start the bundled reference server in-process and test it' },
  fixtures: { type: 'string', default: RUN_DEFAULTS.fixturesDir, describe: 'Fixtures folder for --reference' },
  'token-env': {
    type: 'string',
    fallback: 'DATASTORE_KIT_TOKEN',
    describe: "Environment variable holding the API token (when that is unset too: the profile's token.env)",
  },
  'token-file': { type: 'string', describe: 'File holding the API token' },
  concurrency: { type: 'number', fallback: RUN_DEFAULTS.concurrency, env: 'DATASTORE_KIT_CONCURRENCY', describe: 'Requests in flight at once' },
  'timeout-ms': { type: 'number', fallback: RUN_DEFAULTS.timeoutMs, env: 'DATASTORE_KIT_TIMEOUT_MS', describe: 'Budget per request attempt, in ms' },
  retries: { type: 'number', fallback: RUN_DEFAULTS.retries, env: 'DATASTORE_KIT_RETRIES', describe: 'Retries on network errors, 5xx and 429' },
  rate: { type: 'number', fallback: 'unlimited', describe: 'Requests per second at most' },
  bail: { type: 'boolean', default: false, describe: 'Start no new case after the first failure' },
  'strict-known': {
    type: 'boolean',
    default: false,
    describe: "Count failures that a known bug of the target's CKAN release explains (reported 'known') as failures",
  },
  'min-applicable': {
    type: 'number',
    describe: 'Fail the run (exit 1) when fewer than this percentage of the selected case variants applied to the target',
  },
  list: { type: 'boolean', default: false, describe: 'Print the selected cases and exit; sends nothing' },
  verbose: { type: 'boolean', default: false, describe: 'Print each request and response as its case finishes (tokens masked)' },
  'last-failed': {
    type: 'boolean',
    default: false,
    describe: 'Run only the case variants that failed or errored in the previous run (report.json in --out)',
  },
  report: { type: 'string', fallback: REPORT_FORMATS.join(','), env: 'DATASTORE_KIT_REPORT', describe: 'Report formats, comma-separated' },
  out: { type: 'string', fallback: RUN_DEFAULTS.outDir, env: 'DATASTORE_KIT_OUT', describe: 'Report folder' },
  contract: {
    type: 'string',
    choices: ['seed', 'ckan'],
    describe: 'Contract profile (when unset: ckan with --reference, or when --ckan-version or the profile names a CKAN version; else seed)',
  },
  'ckan-version': {
    type: 'string',
    fallback: "the profile's ckan",
    describe:
      `CKAN version of the target (${CKAN_VERSIONS.join(', ')}, or auto: status_show's ckan_version, else markers in its answers): ` +
      `its contract and which version-ranged cases apply; with --reference the server answers as it (2.9 to 2.12, default ${DEFAULT_CKAN_VERSION})`,
  },
  baseline: {
    type: 'string',
    describe: 'Baseline folder: compare each answer with the one recorded there (one JSON file per case variant, normalised)',
  },
  'update-baseline': {
    type: 'string',
    fallback: 'none when CI is set, else missing',
    describe: 'Which baseline files to write: none, missing, changed (accept differences), all',
  },
} as const satisfies FlagTable;

/** Environment variables `run` reads (the allowlist); flags override them. */
export const RUN_ENV = {
  target: RUN_FLAGS.target.env,
  token: RUN_FLAGS['token-env'].fallback,
  concurrency: RUN_FLAGS.concurrency.env,
  timeoutMs: RUN_FLAGS['timeout-ms'].env,
  retries: RUN_FLAGS.retries.env,
  report: RUN_FLAGS.report.env,
  out: RUN_FLAGS.out.env,
} as const;
