// The JSON report of a twin run (`twin`, versioned): the verdict per conformance class first, then the mirror (each
// table as read, checked and loaded), what reading it found, and every difference between the target and its twin,
// each a failure of the API description or a difference from CKAN, with the request, both answers and the clause.
import { Type, type Static } from '@sinclair/typebox';
import { DifferenceSchema } from './baseline.ts';
import { TrafficSummarySchema } from './traffic.ts';

export const TWIN_REPORT_SCHEMA_VERSION = 1;

/** The verdict outcomes, shared with the run reports. */
export const VERDICT_OUTCOMES = ['pass', 'fail', 'inconclusive', 'not-tested'] as const;

export const ClassVerdictSchema = Type.Object(
  {
    class: Type.String({ pattern: '^(api|ckan:\\d+\\.\\d+)$', description: 'api (the API description), or ckan:<x.y> (CKAN compatibility of a release).' }),
    title: Type.String({ description: 'e.g. "API description", "CKAN 2.11 compatibility".' }),
    outcome: Type.Union(
      VERDICT_OUTCOMES.map((outcome) => Type.Literal(outcome)),
      { description: 'pass, fail, inconclusive (nothing it covers was compared), not-tested.' },
    ),
    claimed: Type.Boolean({ description: 'Whether the target claims the class: only claimed classes decide the exit code.' }),
    counts: Type.Object(
      {
        requests: Type.Integer({ minimum: 0, description: 'Request pairs this class judges (both answered).' }),
        differences: Type.Integer({ minimum: 0, description: 'Of them, those that break it (api) or differ from CKAN (ckan).' }),
        findings: Type.Integer({ minimum: 0, description: 'Faults found while reading the tables (api class only).' }),
        errors: Type.Integer({ minimum: 0, description: 'Pairs the mirror gave no answer to (they decide nothing).' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const SentSchema = Type.Object(
  {
    status: Type.Optional(Type.Integer()),
    error: Type.Optional(Type.String()),
    curl: Type.String({ description: 'The request as a curl command; the token appears as $TOKEN.' }),
  },
  { additionalProperties: false },
);

export const TwinDifferenceSchema = Type.Object(
  {
    id: Type.String({ description: 'The case variant id, or `generated #<n>`.' }),
    request: Type.String({ description: 'The request in logical names.' }),
    class: Type.Union([Type.Literal('api'), Type.Literal('ckan')], {
      description: 'api: breaks the API description (or a claimed capability); ckan: differs from CKAN only.',
    }),
    category: Type.Optional(Type.String({ description: 'How an api break shows: refused, records, values, order, total.' })),
    clauses: Type.Array(Type.String(), { description: 'The clauses the request exercises (api.md, ckan-datastore.md sections).' }),
    reason: Type.String({ description: 'One line: what is wrong.' }),
    mirror: SentSchema,
    target: SentSchema,
    excerpts: Type.Optional(Type.Object({ mirror: Type.String(), target: Type.String() }, { additionalProperties: false })),
    differences: Type.Array(DifferenceSchema, { description: 'From the mirror (expected) to the target (actual), the first few.' }),
    shrunk: Type.Optional(
      Type.Object(
        { from: Type.String({ description: 'The generated request as first found.' }), steps: Type.Integer({ minimum: 0 }) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const MirrorTableSchema = Type.Object(
  {
    name: Type.String({ description: "The profile's logical name." }),
    id: Type.String({ description: 'The resource id (the real one, when the target names it for an alias).' }),
    aliases: Type.Array(Type.String()),
    private: Type.Boolean(),
    rows: Type.Integer({ minimum: 0 }),
    total: Type.Optional(Type.Integer({ minimum: 0, description: "The target's total for the table." })),
    paths: Type.Array(Type.String(), { description: 'How the rows were read and checked.' }),
    asText: Type.Array(Type.String(), { description: 'Columns mirrored as text: their type could not be mirrored as the target renders it.' }),
    notCompared: Type.Array(Type.String(), { description: 'Columns whose values the mirror could not reproduce: left out of every comparison.' }),
    notes: Type.Array(Type.String()),
    refused: Type.Optional(Type.String({ description: 'Why the table is not mirrored (its requests are not sent).' })),
  },
  { additionalProperties: false },
);

export const TwinReportSchema = Type.Object(
  {
    schemaVersion: Type.Literal(TWIN_REPORT_SCHEMA_VERSION),
    kit: Type.Object({ name: Type.String(), version: Type.String() }, { additionalProperties: false }),
    startedAt: Type.String(),
    durationMs: Type.Number({ minimum: 0 }),
    hostname: Type.String(),
    target: Type.Object(
      {
        url: Type.String(),
        profile: Type.String(),
        claimsCkan: Type.Boolean({ description: 'The profile names a CKAN version or capability, or status_show names one.' }),
        ckanRelease: Type.String({ description: 'The CKAN release the mirror answers as.' }),
        releaseFrom: Type.String({ description: 'Where that release came from: --ckan-version, status_show, the profile, or the default.' }),
      },
      { additionalProperties: false },
    ),
    verdicts: Type.Array(ClassVerdictSchema),
    summary: Type.Object(
      {
        total: Type.Integer({ minimum: 0 }),
        agree: Type.Integer({ minimum: 0 }),
        differ: Type.Integer({ minimum: 0 }),
        error: Type.Integer({ minimum: 0 }),
        skipped: Type.Integer({ minimum: 0, description: 'Catalogue variants not applicable to the profile.' }),
        uncovered: Type.Integer({ minimum: 0, description: 'Pairs whose request the API description does not cover (they can only differ from CKAN).' }),
      },
      { additionalProperties: false },
    ),
    mirror: Type.Object({ tables: Type.Array(MirrorTableSchema), loadMs: Type.Number({ minimum: 0 }) }, { additionalProperties: false }),
    findings: Type.Array(Type.Object({ table: Type.String(), clause: Type.String(), message: Type.String() }, { additionalProperties: false }), {
      description: 'Faults found while reading the tables by two paths (each a failure of the api class).',
    }),
    failures: Type.Array(TwinDifferenceSchema, { description: 'Every pair that breaks the API description (generated ones shrunk).' }),
    ckanDifferences: Type.Array(TwinDifferenceSchema, { description: 'Pairs that differ from CKAN only (the first 100).' }),
    generated: Type.Optional(
      Type.Object(
        { seed: Type.Integer(), count: Type.Integer({ minimum: 0 }), replay: Type.String() },
        { additionalProperties: false, description: 'The generated requests: the command that sends the same again.' },
      ),
    ),
    requests: Type.Optional(TrafficSummarySchema),
  },
  { additionalProperties: false },
);

export type TwinReport = Static<typeof TwinReportSchema>;
export type TwinDifference = Static<typeof TwinDifferenceSchema>;
export type ClassVerdict = Static<typeof ClassVerdictSchema>;
export type MirrorTableReport = Static<typeof MirrorTableSchema>;
