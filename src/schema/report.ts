// The JSON report format (versioned): the one result model every reporter renders and `report merge` reads.
import { BaselineSummarySchema, CaseBaselineSchema } from './baseline.ts';
import { CkanVersionSchema } from './ckan-version.ts';
import { Type, type Static } from '@sinclair/typebox';

export const REPORT_SCHEMA_VERSION = 1;

/**
 * The reason of a variant reported not applicable because every check it made held vacuously (e.g. `every` over
 * no record); such variants are also counted as `vacuous` in the counts.
 */
export const VACUOUS_REASON = 'checked nothing on this data';

export const CaseStatusSchema = Type.Union([
  Type.Literal('pass'),
  Type.Literal('fail'),
  Type.Literal('error'),
  Type.Literal('flaky'),
  Type.Literal('skipped'),
  Type.Literal('not-applicable'),
  Type.Literal('known'),
]);

export const FindingSchema = Type.Object(
  {
    rule: Type.String({ description: 'Which expectation broke, e.g. records.every, contract.ckan, status, variants.agree.' }),
    path: Type.String({ description: 'JSON pointer into the response body ("" = whole body).' }),
    message: Type.String(),
    expected: Type.Optional(Type.Unknown()),
    actual: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

export const ExchangeSchema = Type.Object(
  {
    request: Type.Object(
      {
        method: Type.String(),
        url: Type.String(),
        headers: Type.Record(Type.String(), Type.String(), { description: 'Token values are redacted.' }),
        body: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
    response: Type.Optional(
      Type.Object(
        {
          status: Type.Integer(),
          headers: Type.Record(Type.String(), Type.String()),
          body: Type.String({ description: 'Body text, cut to the report size cap.' }),
          bodyTruncated: Type.Boolean(),
          durationMs: Type.Number({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
    ),
    attempts: Type.Integer({ minimum: 0 }),
    curl: Type.String({ description: 'The request as a curl command, token redacted.' }),
  },
  { additionalProperties: false },
);

export const VariantKeySchema = Type.Object(
  {
    method: Type.Union([Type.Literal('GET'), Type.Literal('POST')]),
    locale: Type.Union([Type.String(), Type.Null()]),
    apiPath: Type.String(),
  },
  { additionalProperties: false },
);

export const CaseResultSchema = Type.Object(
  {
    id: Type.String({ description: 'Unique per variant: the case id, plus " [GET fr /api/3/action]" when it has variants.' }),
    caseId: Type.String(),
    title: Type.String(),
    class: Type.String(),
    tags: Type.Array(Type.String()),
    spec: Type.Array(Type.String()),
    file: Type.String({ description: 'Case file, relative to the working folder of the run (the repository root).' }),
    variant: VariantKeySchema,
    status: CaseStatusSchema,
    startedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When its request was sent (absent when none was).' })),
    durationMs: Type.Number({ minimum: 0 }),
    findings: Type.Array(FindingSchema),
    error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: false })),
    reason: Type.Optional(Type.String({ description: 'Why it was skipped or not applicable.' })),
    known: Type.Optional(
      Type.Object(
        {
          release: Type.String({ description: 'The CKAN release the target runs (or its minor version when the patch is unknown).' }),
          note: Type.String(),
          ref: Type.String(),
          fixed: Type.Optional(Type.String()),
        },
        { additionalProperties: false, description: 'Status known: the known CKAN bug this failure is (its findings are kept).' },
      ),
    ),
    exchange: Type.Optional(ExchangeSchema),
    baseline: Type.Optional(CaseBaselineSchema),
  },
  { additionalProperties: false },
);

const CountsSchema = Type.Object(
  {
    total: Type.Integer({ minimum: 0 }),
    pass: Type.Integer({ minimum: 0 }),
    fail: Type.Integer({ minimum: 0 }),
    error: Type.Integer({ minimum: 0 }),
    flaky: Type.Integer({ minimum: 0 }),
    skipped: Type.Integer({ minimum: 0 }),
    notApplicable: Type.Integer({ minimum: 0 }),
    known: Type.Optional(Type.Integer({ minimum: 0, description: 'Variants that failed as a known bug of the target CKAN release says they do.' })),
    vacuous: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Of notApplicable, the variants whose checks all held vacuously ("checked nothing on this data").' }),
    ),
  },
  { additionalProperties: false },
);

export const RunResultSchema = Type.Object(
  {
    schemaVersion: Type.Literal(REPORT_SCHEMA_VERSION),
    kit: Type.Object({ name: Type.String(), version: Type.String() }, { additionalProperties: false }),
    target: Type.Object(
      {
        url: Type.String(),
        reference: Type.Boolean(),
        profile: Type.Optional(Type.String()),
        ckan: Type.Optional(
          Type.Object(
            {
              version: Type.Optional(CkanVersionSchema),
              release: Type.Optional(Type.String({ description: "The full release when known (status_show's ckan_version), e.g. 2.11.5." })),
              reason: Type.String(),
            },
            {
              additionalProperties: false,
              description:
                'The CKAN version the run assumed and why (`--ckan-version 2.10`, `from the profile`, `from status_show: 2.10.4`, `unknown: ...`); no version when it could not be told.',
            },
          ),
        ),
      },
      { additionalProperties: false },
    ),
    contract: Type.Optional(
      Type.Object(
        { profile: Type.Union([Type.Literal('seed'), Type.Literal('ckan')]), reason: Type.String() },
        { additionalProperties: false, description: 'The contract profile cases use unless they name one, and why it was chosen.' },
      ),
    ),
    hostname: Type.String(),
    startedAt: Type.String({ format: 'date-time' }),
    finishedAt: Type.String({ format: 'date-time' }),
    durationMs: Type.Number({ minimum: 0 }),
    shard: Type.Optional(Type.Object({ index: Type.Integer({ minimum: 1 }), count: Type.Integer({ minimum: 1 }) }, { additionalProperties: false })),
    interrupted: Type.Optional(
      Type.Object(
        { ran: Type.Integer({ minimum: 0 }), notRun: Type.Integer({ minimum: 0 }) },
        {
          additionalProperties: false,
          description: 'Present when the run was stopped (SIGINT/SIGTERM): variants that ran, and those not run (reported skipped).',
        },
      ),
    ),
    summary: CountsSchema,
    baseline: Type.Optional(BaselineSummarySchema),
    byClass: Type.Record(Type.String(), CountsSchema),
    cases: Type.Array(CaseResultSchema),
  },
  { additionalProperties: false },
);

export type CaseStatus = Static<typeof CaseStatusSchema>;
/** One broken expectation of a case: where (a JSON pointer or a check name), what was expected and what came. */
export type Finding = Static<typeof FindingSchema>;
export type Exchange = Static<typeof ExchangeSchema>;
export type VariantKey = Static<typeof VariantKeySchema>;
/** The outcome of one case variant: its status (pass, fail, error, ...), findings and the exchanges it made. */
export type CaseResult = Static<typeof CaseResultSchema>;
export type Counts = Static<typeof CountsSchema>;
/** A whole run: the target, the options that matter, every case result and the summary counts (the JSON report). */
export type RunResult = Static<typeof RunResultSchema>;
