// The JSON report format (versioned): the one result model every reporter renders and `report merge` reads.
import { BaselineSummarySchema, CaseBaselineSchema } from './baseline.ts';
import { CkanVersionSchema } from './ckan-version.ts';
import { Type, type Static } from '@sinclair/typebox';

/**
 * The version this kit writes. 2 added the verdicts per conformance class, the run checks, and a case's `pin` and
 * `related`; every field it added is optional, so a version 1 report still reads (and renders) as it was.
 */
export const REPORT_SCHEMA_VERSION = 2;
/** The versions `readReport` accepts. */
export const READABLE_REPORT_VERSIONS: readonly number[] = [1, 2];

/**
 * The reason of a variant reported not applicable because every check it made held vacuously (e.g. `every` over
 * no record); such variants are also counted as `vacuous` in the counts.
 */
export const VACUOUS_REASON = 'checked nothing on this data';
// why a prefix: a check that could not decide says why after it (`checked nothing on this data: <why>`)

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

export const RelatedExchangeSchema = Type.Object(
  {
    curl: Type.String({ description: 'The related request as a curl command, token redacted.' }),
    status: Type.Optional(Type.Integer({ description: 'Its HTTP status; absent when no answer came.' })),
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
    related: Type.Optional(
      Type.Array(RelatedExchangeSchema, {
        description: "A relation's related requests, as sent after the variant's own: each as curl (token masked) with its status.",
      }),
    ),
    pin: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'For a variant that decided nothing for want of data (vacuous, or not applicable for a profile value it lacks): the profile values to give or choose otherwise, e.g. values.categoryValue.',
      }),
    ),
    baseline: Type.Optional(CaseBaselineSchema),
  },
  { additionalProperties: false },
);

export const CountsSchema = Type.Object(
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

/** What a run means for one conformance class: the API description, or CKAN compatibility of one release. */
export const VerdictSchema = Type.Object(
  {
    class: Type.String({
      description: 'api (the API description) or ckan:<x.y> (CKAN compatibility of that release; ckan when the run names none).',
    }),
    title: Type.String({ description: 'e.g. "API description", "CKAN 2.11 compatibility".' }),
    outcome: Type.Union([Type.Literal('pass'), Type.Literal('fail'), Type.Literal('inconclusive'), Type.Literal('not-tested')]),
    counts: CountsSchema,
    reason: Type.Optional(Type.String({ description: 'Why it is inconclusive or not tested.' })),
  },
  { additionalProperties: false },
);

/** The outcome of one run check (a check of the run as a whole, e.g. `inconclusive`, `min-applicable`). */
export const RunCheckOutcomeSchema = Type.Object(
  {
    check: Type.String({ description: 'The run check: inconclusive, min-applicable.' }),
    outcome: Type.Union([Type.Literal('pass'), Type.Literal('fail')]),
    message: Type.String(),
    verdict: Type.Optional(Type.String({ description: 'The verdict class a failure makes inconclusive (api).' })),
    clauses: Type.Optional(Type.Array(Type.String(), { description: 'The clauses it judged undecided.' })),
    pin: Type.Optional(Type.Array(Type.String(), { description: 'The profile values to give or choose otherwise.' })),
    minPct: Type.Optional(Type.Number({ minimum: 0, maximum: 100, description: 'The --min-applicable threshold it held the run to.' })),
  },
  { additionalProperties: false },
);

export const RunResultSchema = Type.Object(
  {
    schemaVersion: Type.Union([Type.Literal(1), Type.Literal(REPORT_SCHEMA_VERSION)]),
    verdicts: Type.Optional(Type.Array(VerdictSchema, { description: 'The verdict per conformance class, the API description first.' })),
    checks: Type.Optional(Type.Array(RunCheckOutcomeSchema, { description: 'The run checks that judged this run.' })),
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
export type RelatedExchange = Static<typeof RelatedExchangeSchema>;
/** The verdict of one conformance class (the API description, CKAN compatibility by release). */
export type Verdict = Static<typeof VerdictSchema>;
export type RunCheckOutcome = Static<typeof RunCheckOutcomeSchema>;
/** A whole run: the target, the options that matter, every case result and the summary counts (the JSON report). */
export type RunResult = Static<typeof RunResultSchema>;
