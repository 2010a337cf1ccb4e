// The JSON report of a two-target run (`diff`, versioned): the targets, every request pair with its differences,
// and the generated requests' seed and shrunk disagreements. The Markdown and HTML diff reports render it.
import { Type, type Static } from '@sinclair/typebox';
import { DifferenceSchema } from './baseline.ts';
import { TrafficSummarySchema } from './traffic.ts';

export const DIFF_REPORT_SCHEMA_VERSION = 1;

/** The id of a generated request pair: `generated #<n>` (1-based). */
export const GENERATED_PREFIX = 'generated #';

/** The id of a pair made from recorded traffic: `request <file>:<line>` (where the request was first read). */
export const TRAFFIC_PREFIX = 'request ';

const TargetSchema = Type.Object(
  {
    label: Type.String({ description: 'A or B, in the order the targets were given.' }),
    url: Type.String({ description: 'Base URL, credentials masked; the bundled server shows its ephemeral URL.' }),
    reference: Type.Boolean({ description: 'Whether it is the bundled reference server.' }),
    profile: Type.String({ description: 'The profile name.' }),
  },
  { additionalProperties: false },
);

const SentSchema = Type.Object(
  {
    status: Type.Optional(Type.Integer({ description: 'HTTP status; absent when no answer came back.' })),
    error: Type.Optional(Type.String({ description: 'Why no usable answer came back (transport error, one line).' })),
    curl: Type.String({ description: 'The request as a curl command; the token appears as $TOKEN.' }),
  },
  { additionalProperties: false },
);

export const PAIR_OUTCOMES = ['agree', 'differ', 'error'] as const;

export const PairResultSchema = Type.Object(
  {
    id: Type.String({ description: 'The case variant id, `generated #<n>` for a generated request, `request <file>:<line>` for one of a traffic file.' }),
    request: Type.String({ description: 'The request in logical names, e.g. GET datastore_search {"resource_id":"${resources.courses}"}.' }),
    outcome: Type.Union(
      PAIR_OUTCOMES.map((outcome) => Type.Literal(outcome)),
      {
        description: 'agree; differ (see differences); error (a target gave no answer: see a and b).',
      },
    ),
    a: SentSchema,
    b: SentSchema,
    rules: Type.Array(Type.String(), { description: 'Normalisation rules that changed either response (e.g. help, linksHost).' }),
    differences: Type.Array(DifferenceSchema, { description: 'From target A (expected) to target B (actual).' }),
    truncated: Type.Optional(Type.Boolean({ description: 'More differences than listed.' })),
  },
  { additionalProperties: false },
);

export const ShrunkSchema = Type.Object(
  {
    original: Type.String({ description: 'The generated request that disagreed, in logical names.' }),
    shrinks: Type.Integer({ minimum: 0, description: 'Shrinking steps that kept the disagreement.' }),
    pair: PairResultSchema,
  },
  { additionalProperties: false, description: 'One generated disagreement, shrunk to the smallest request that still shows it.' },
);

export const DiffReportSchema = Type.Object(
  {
    schemaVersion: Type.Literal(DIFF_REPORT_SCHEMA_VERSION),
    kit: Type.Object({ name: Type.String(), version: Type.String() }, { additionalProperties: false }),
    startedAt: Type.String({ description: 'ISO time the run started.' }),
    durationMs: Type.Number({ minimum: 0 }),
    hostname: Type.String(),
    targets: Type.Tuple([TargetSchema, TargetSchema]),
    summary: Type.Object(
      {
        total: Type.Integer({ minimum: 0 }),
        agree: Type.Integer({ minimum: 0 }),
        differ: Type.Integer({ minimum: 0 }),
        error: Type.Integer({ minimum: 0 }),
        skipped: Type.Integer({ minimum: 0, description: 'Catalogue variants not applicable to (or skipped on) either target.' }),
      },
      { additionalProperties: false },
    ),
    pairs: Type.Array(PairResultSchema, { description: 'Every request pair that did not agree (agreeing pairs are only counted).' }),
    sharedDifferences: Type.Optional(
      Type.Array(
        Type.Object(
          {
            kind: Type.String({ description: 'What differs where, e.g. `field-changed /result/fields/*/info`.' }),
            pairs: Type.Integer({ minimum: 0, description: 'The differing pairs, every one of which shows it.' }),
            normalise: Type.String({ description: 'The rule that hides it, if it is a legitimate difference of the deployments.' }),
          },
          { additionalProperties: false },
        ),
        { description: 'Differences every differing pair shows: one cause, reported once.' },
      ),
    ),
    valuesDiffer: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'The profile values A and B give differently, e.g. `categoryValue: "Advanced" (A) vs "Intermediate" (B)`: every pair asks both targets with A\'s.',
      }),
    ),
    requests: Type.Optional(TrafficSummarySchema),
    generated: Type.Optional(
      Type.Object(
        {
          seed: Type.Integer(),
          count: Type.Integer({ minimum: 0, description: 'Requests generated (and sent to both targets).' }),
          disagreements: Type.Array(ShrunkSchema),
          replay: Type.String({ description: 'The diff command line that sends the same requests again.' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export type DiffReport = Static<typeof DiffReportSchema>;
export type PairResult = Static<typeof PairResultSchema>;
export type SentRequest = Static<typeof SentSchema>;
export type ShrunkDisagreement = Static<typeof ShrunkSchema>;
