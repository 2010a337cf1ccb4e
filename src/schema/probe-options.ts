// The options of `probe`, each declared once (option-table.ts): the site, what to use instead of looking for it,
// how hard to look, and where the profile goes. The flags and --help of `datastore-kit probe`, the API's
// `probeProfile()` types and the probe's defaults derive from this table; resolveProbeOptions (api/probe-options.ts)
// checks them. To add an option: a row here, and its use.
import { Type } from '@sinclair/typebox';
import { option } from './option-table.ts';

export const PROBE_OPTIONS = {
  targetUrl: option(Type.String({ minLength: 1, description: 'Base URL of the CKAN site' }), { flag: { name: 'target', required: true }, job: null }),
  token: option(Type.String({ description: 'API token, sent as the bare Authorization header (never written or logged)' }), { flag: null, job: null }),
  tokenEnv: option(
    Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'Environment variable holding the token; the profile names it as token.env' }),
    { flag: { name: 'token-env' }, job: null },
  ),
  resources: option(Type.Array(Type.String({ minLength: 1 }), { description: 'Resource id to use (repeatable), or NAME=ID (courses, measurements, staff)' }), {
    flag: { name: 'resource', shownDefault: 'discovered' },
    job: null,
  }),
  values: option(
    Type.Record(Type.String(), Type.Unknown(), {
      description: 'A value to use instead of looking for it (repeatable): NAME=VALUE, e.g. categoryField=stage; VALUE is JSON or text',
    }),
    { flag: { name: 'value', text: 'pairs', shownDefault: 'found' }, job: null },
  ),
  examineMs: option(Type.Number({ minimum: 0, description: 'Time spent examining the listed resources to choose from, in ms' }), {
    flag: { name: 'examine-ms' },
    job: null,
    default: 30_000,
  }),
  out: option(Type.String({ minLength: 1, description: 'Profile file to write' }), { flag: { name: 'out', shownDefault: 'print it' }, job: null }),
  force: option(Type.Boolean({ description: 'Overwrite an existing --out' }), { flag: { name: 'force' }, job: null, default: false }),
  name: option(Type.String({ minLength: 1, description: 'Profile name' }), {
    flag: { name: 'name', shownDefault: 'the --out file name, else the host' },
    job: null,
  }),
  casesDir: option(Type.String({ minLength: 1, description: 'Catalogue whose names the profile fills in' }), {
    flag: { name: 'cases' },
    job: null,
    default: 'cases',
  }),
  timeoutMs: option(Type.Integer({ minimum: 1, description: 'Budget per request attempt, in ms' }), {
    flag: { name: 'timeout-ms' },
    job: null,
    default: 15_000,
  }),
  retries: option(Type.Integer({ minimum: 0, maximum: 20, description: 'Retries on network errors, 5xx and 429' }), {
    flag: { name: 'retries' },
    job: null,
    default: 1,
  }),
  rateRps: option(Type.Number({ exclusiveMinimum: 0, description: 'Requests per second at most' }), {
    flag: { name: 'rate', shownDefault: 'unlimited' },
    job: null,
  }),
  maxRequests: option(Type.Integer({ minimum: 10, description: 'Requests sent at most' }), { flag: { name: 'max-requests' }, job: null, default: 150 }),
  concurrency: option(Type.Integer({ minimum: 1, description: 'Requests in flight at once' }), { flag: null, job: null, default: 2 }),
  maxCandidates: option(Type.Integer({ minimum: 1, description: 'Resources examined at most when discovering' }), { flag: null, job: null }),
  sampleSize: option(Type.Integer({ minimum: 1, description: 'Records read from resources.courses to choose values' }), { flag: null, job: null }),
} as const;

/** The flag that holds the token itself in a file (the API takes the token). */
export const PROBE_DOOR_OPTIONS = {
  tokenFile: option(Type.String({ minLength: 1, description: 'File holding an API token (to find a private resource the token opens)' }), {
    flag: { name: 'token-file' },
    job: null,
  }),
} as const;
