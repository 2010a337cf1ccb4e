// The JSON report of `upgrade-check` (versioned): the two releases (or targets), where the requests came from, and
// the changes a client sees between them, grouped by kind, each with CKAN's change that explains it where the kit
// knows one, an example request as curl and both answers. The Markdown and HTML reports render it.
import { Type, type Static } from '@sinclair/typebox';
import { PairResultSchema } from './diff-report.ts';
import { TrafficSummarySchema } from './traffic.ts';

export const UPGRADE_REPORT_SCHEMA_VERSION = 1;

/** What changed, from the coarsest to the finest: how a client notices first. */
export const CHANGE_KINDS = [
  'no-answer',
  'status',
  'error-message',
  'records',
  'total',
  'field-types',
  'fields',
  'key-removed',
  'key-added',
  'value-changed',
  'body',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

const SideSchema = Type.Object(
  {
    label: Type.String({ description: 'A (from, today) or B (to, after the upgrade).' }),
    release: Type.Optional(Type.String({ description: 'The CKAN release it is or answers as, when known (e.g. 2.11.5).' })),
    url: Type.String({ description: 'Base URL, credentials masked (a bundled reference server shows its ephemeral URL).' }),
    reference: Type.Boolean({ description: 'Whether it is the bundled reference server answering as `release`.' }),
  },
  { additionalProperties: false },
);

const AnswerSchema = Type.Object(
  {
    curl: Type.String({ description: 'The request as a curl command; the token appears as $TOKEN.' }),
    status: Type.Optional(Type.Integer()),
    error: Type.Optional(Type.String({ description: 'Why no answer came back.' })),
    contentType: Type.Optional(Type.String()),
    body: Type.Optional(Type.String({ description: 'The body (JSON indented), cut at 4,000 characters.' })),
    bodyTruncated: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const TraitExplanationSchema = Type.Object(
  {
    id: Type.String({ description: 'The CKAN release trait (src/schema/ckan-traits/).' }),
    kind: Type.Union([Type.Literal('bug'), Type.Literal('change')]),
    change: Type.Union([Type.Literal('gained'), Type.Literal('lost')], { description: 'gained: B has it and A not; lost: A has it and B not.' }),
    does: Type.String({ description: 'What CKAN does in the releases that have it.' }),
    releases: Type.String({ description: 'The releases that have it, e.g. 2.10.8 to 2.10.x, 2.11.3 to 2.11.x.' }),
    ref: Type.String({ description: "CKAN's issue, pull request or commit." }),
    changelog: Type.Optional(Type.String()),
    fixed: Type.Optional(Type.String({ description: 'For a bug: the first release without it.' })),
  },
  { additionalProperties: false },
);

export const ChangeSchema = Type.Object(
  {
    kind: Type.Union(CHANGE_KINDS.map((kind) => Type.Literal(kind))),
    what: Type.String({ description: 'What changed where, the same for every request of the change: `200 -> 409`, `/result/_links`, `values of title`.' }),
    requests: Type.Integer({ minimum: 1, description: 'Distinct requests that show it.' }),
    clientRequests: Type.Integer({ minimum: 1, description: 'Requests of clients that show it (a traffic file counts each request as often as it holds it).' }),
    ids: Type.Array(Type.String(), { description: 'Every request pair that shows it (case variant id, `request <file>:<line>`, `generated #n`).' }),
    explanation: Type.Array(TraitExplanationSchema, {
      description: 'The CKAN changes between the two releases that this change is a symptom of; empty: none known.',
    }),
    note: Type.Optional(Type.String({ description: 'What else the kit knows of it (e.g. status_show names the release itself).' })),
    example: Type.Object(
      {
        id: Type.String(),
        request: Type.String({ description: 'The request in logical names.' }),
        differences: Type.Array(Type.String(), { description: 'What differs in the example, one line each (the first few).' }),
        a: AnswerSchema,
        b: AnswerSchema,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const UpgradeReportSchema = Type.Object(
  {
    schemaVersion: Type.Literal(UPGRADE_REPORT_SCHEMA_VERSION),
    kit: Type.Object({ name: Type.String(), version: Type.String() }, { additionalProperties: false }),
    startedAt: Type.String(),
    durationMs: Type.Number({ minimum: 0 }),
    hostname: Type.String(),
    mode: Type.Union([Type.Literal('reference'), Type.Literal('targets')], {
      description: 'reference: two reference servers answering as --from and --to; targets: two live targets (--target A --target B).',
    }),
    data: Type.String({ description: 'Whose data the requests ran on: the fixtures folder, or the two targets.' }),
    from: SideSchema,
    to: SideSchema,
    summary: Type.Object(
      {
        total: Type.Integer({ minimum: 0, description: 'Request pairs sent.' }),
        agree: Type.Integer({ minimum: 0 }),
        changed: Type.Integer({
          minimum: 0,
          description: 'Pairs both sides answered, differently: they make up the changes (with those only one side answered).',
        }),
        error: Type.Integer({ minimum: 0, description: 'Pairs a side gave no answer to: one side (a change of kind no-answer) or both (not compared).' }),
        changes: Type.Integer({ minimum: 0 }),
      },
      { additionalProperties: false },
    ),
    sources: Type.Object(
      {
        catalogue: Type.Integer({ minimum: 0, description: 'Catalogue case variants sent.' }),
        generated: Type.Optional(
          Type.Object({ count: Type.Integer({ minimum: 0 }), seed: Type.Integer(), replay: Type.String() }, { additionalProperties: false }),
        ),
        requests: Type.Optional(TrafficSummarySchema),
      },
      { additionalProperties: false },
    ),
    changes: Type.Array(ChangeSchema, { description: 'Grouped by kind (CHANGE_KINDS order), then by the number of requests.' }),
    traits: Type.Object(
      {
        between: Type.Array(TraitExplanationSchema, { description: 'Every CKAN change the kit knows between the two releases.' }),
        unseen: Type.Array(Type.String(), { description: 'Of those, the ids no change of this run showed (the requests sent did not touch them).' }),
        note: Type.Optional(Type.String({ description: 'Why there are none: the releases are not known (live targets that hide their version).' })),
      },
      { additionalProperties: false },
    ),
    pairs: Type.Array(PairResultSchema, { description: 'Every pair that did not agree, with all its differences (as in diff.json).' }),
  },
  { additionalProperties: false },
);

export type UpgradeReport = Static<typeof UpgradeReportSchema>;
export type UpgradeChange = Static<typeof ChangeSchema>;
export type TraitExplanation = Static<typeof TraitExplanationSchema>;
export type ExampleAnswer = Static<typeof AnswerSchema>;
