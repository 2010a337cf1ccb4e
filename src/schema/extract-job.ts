// The extract format: one extract's settings, and the job file (extracts.yaml) that lists many of them.
import { Type, type Static } from '@sinclair/typebox';
import { EXTRACT_FORMATS, MAX_PARALLEL } from './extract-constants.ts';

export const ExtractFormatSchema = Type.Union(
  EXTRACT_FORMATS.map((format) => Type.Literal(format)),
  { description: 'Output format.' },
);

const extractProperties = {
  resource: Type.Optional(Type.String({ minLength: 1, description: 'Resource id (or alias) to extract.' })),
  sql: Type.Optional(Type.String({ minLength: 1, description: 'A SELECT to extract instead of a whole resource.' })),
  filters: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'datastore_search filters.' })),
  q: Type.Optional(Type.String({ minLength: 1, description: 'Free-text query.' })),
  fields: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: 'Columns, in order.' })),
  format: Type.Optional(ExtractFormatSchema),
  gzip: Type.Optional(Type.Boolean({ description: 'Gzip the output (default false).' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Rows per request (default 10000).' })),
  parallel: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PARALLEL,
      description: 'Requests in flight at once (default 1): keyset extracts read _id ranges concurrently, written in order.',
    }),
  ),
  rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'Requests per second at most.' })),
  retries: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, description: 'Retries per page (default 5).' })),
  timeoutMs: Type.Optional(Type.Integer({ minimum: 1, description: 'Per-request timeout in ms (default 60000).' })),
  tokenEnv: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'Env variable holding the token.' })),
  resume: Type.Optional(Type.Boolean({ description: 'Continue from the checkpoint if there is one (default true in jobs).' })),
  incremental: Type.Optional(Type.Boolean({ description: "Write only the rows after the previous run's high-water mark (default false)." })),
  watermark: Type.Optional(Type.String({ minLength: 1, description: 'The increasing column the mark is kept on (default _id; another column needs SQL).' })),
  dump: Type.Optional(
    Type.Boolean({
      description: "CSV/TSV: read through the target's /datastore/dump/<id> where it serves it, the fastest way (default true; false pages by the API).",
    }),
  ),
  failOnDrift: Type.Optional(Type.Boolean({ description: "Fail when the columns differ from the previous run's (default false)." })),
  maxShrink: Type.Optional(
    Type.Number({ minimum: 0, maximum: 100, description: 'Fail when the rows fell by more than this percentage since the previous run.' }),
  ),
  keep: Type.Optional(
    Type.Integer({ minimum: 1, description: 'Keep the newest N files of a dated out ({date}, {datetime}); older ones and their manifests are removed.' }),
  ),
};

export const JobExtractSchema = Type.Object(
  {
    name: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$', description: 'Unique name of this extract in the job.' }),
    target: Type.Optional(Type.String({ description: 'Base URL; default: the job-level target.' })),
    out: Type.String({
      minLength: 1,
      description: 'Output file, relative to the job file; {date} (YYYY-MM-DD), {datetime} (YYYYMMDDTHHMMSSZ) and {name} are replaced.',
    }),
    ...extractProperties,
  },
  { additionalProperties: false },
);

export const JobFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    target: Type.Optional(Type.String({ description: 'Default base URL of the API for every extract.' })),
    concurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 32, description: 'Extracts run at once (default 2).' })),
    defaults: Type.Optional(Type.Object(extractProperties, { additionalProperties: false })),
    extracts: Type.Array(JobExtractSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export type ExtractFormat = Static<typeof ExtractFormatSchema>;
export type JobExtract = Static<typeof JobExtractSchema>;
export type JobFile = Static<typeof JobFileSchema>;
