// Baselines: the normalisation rules a profile or a case states, one difference between two responses, the
// baseline file of one case variant, and what a run reports about baselines (per case and in total).
import { Type, type Static } from '@sinclair/typebox';

/** `normalise:` in a profile or a case: what is removed from responses before they are compared or stored. */
export const NormaliseSchema = Type.Object(
  {
    ignore: Type.Optional(
      Type.Array(Type.String({ pattern: '^(/[^/]*)*$' }), {
        description: 'JSON pointers removed from the body before comparing, `*` for any one segment, e.g. /result/records/*/updated.',
      }),
    ),
    volatile: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        description: 'Record fields whose values change between runs (timestamps): their values are replaced by "<volatile>".',
      }),
    ),
    rankDigits: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 17, description: 'Significant digits rank fields (rank, "rank <field>") are rounded to. Default 6.' }),
    ),
    help: Type.Optional(Type.Boolean({ description: "Drop the body's help URL (it names the host and locale). Default true." })),
    linksHost: Type.Optional(Type.Boolean({ description: 'Strip scheme and host from result._links URLs. Default true.' })),
    deployment: Type.Optional(
      Type.Boolean({
        description:
          "Hide the deployment's identity: status_show's site_* fields and extensions, the host in a JSONP answer's help URL, an HTML page's text. Default true.",
      }),
    ),
    estimatedTotal: Type.Optional(
      Type.Boolean({ description: 'When result.total_was_estimated is true, the total is not compared (stored as "<estimated>"). Default true.' }),
    ),
    statement: Type.Optional(Type.Boolean({ description: 'Hide error.info.statement, the SQL text CKAN ran (stored as "<statement>"). Default true.' })),
    jsonp: Type.Optional(
      Type.Boolean({
        description: 'Read a JSONP answer (cb({...});) as its JSON envelope, the callback name under "<jsonp callback>", so it compares as JSON. Default true.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: "Normalisation for baselines (run --baseline) and two-target runs: profile rules, then the case's (lists add up).",
  },
);

export const DIFFERENCE_KINDS = [
  'status',
  'success',
  'error',
  'total',
  'field-added',
  'field-removed',
  'field-changed',
  'record-added',
  'record-removed',
  'record-changed',
  'record-order',
  'body',
] as const;

export const DifferenceSchema = Type.Object(
  {
    kind: Type.Union(DIFFERENCE_KINDS.map((kind) => Type.Literal(kind))),
    path: Type.String({ description: 'JSON pointer in the body ("" = the whole response).' }),
    message: Type.String({ description: 'One readable line, e.g. record _id=7 changed: "city" "Paris" -> "Lyon".' }),
    key: Type.Optional(Type.String({ description: 'The record: `_id=7`, or `#3` (0-based position) when records have no unique _id.' })),
    expected: Type.Optional(Type.Unknown()),
    actual: Type.Optional(Type.Unknown()),
    changes: Type.Optional(
      Type.Array(
        Type.Object({ field: Type.String(), expected: Type.Optional(Type.Unknown()), actual: Type.Optional(Type.Unknown()) }, { additionalProperties: false }),
        { description: 'The fields of a changed record, before (expected) and after (actual); a missing side is left out.' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const UPDATE_BASELINE_MODES = ['none', 'missing', 'changed', 'all'] as const;
export const UpdateBaselineSchema = Type.Union(UPDATE_BASELINE_MODES.map((mode) => Type.Literal(mode)));

export const BASELINE_OUTCOMES = ['match', 'differs', 'missing', 'recorded', 'updated'] as const;

export const CaseBaselineSchema = Type.Object(
  {
    file: Type.String({ description: 'The baseline file, relative to the baseline folder.' }),
    outcome: Type.Union(
      BASELINE_OUTCOMES.map((outcome) => Type.Literal(outcome)),
      {
        description: 'match; differs (a finding per difference); missing (no file, --update-baseline none); recorded (new file); updated (file rewritten).',
      },
    ),
    rules: Type.Array(Type.String(), { description: 'The normalisation rules that changed something in this response (e.g. help, volatile:updated).' }),
    differences: Type.Array(DifferenceSchema, { description: 'From the baseline (expected) to this run (actual); for updated, what was accepted.' }),
    truncated: Type.Optional(Type.Boolean({ description: 'More differences than listed.' })),
  },
  { additionalProperties: false },
);

export const BaselineSummarySchema = Type.Object(
  {
    dir: Type.String({ description: 'The baseline folder as given.' }),
    update: UpdateBaselineSchema,
    match: Type.Integer({ minimum: 0 }),
    differs: Type.Integer({ minimum: 0 }),
    missing: Type.Integer({ minimum: 0 }),
    recorded: Type.Integer({ minimum: 0 }),
    updated: Type.Integer({ minimum: 0 }),
    unchecked: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Baseline files in the folder that no variant of this run compared (not applicable, not selected, stale).' }),
    ),
    uncheckedFiles: Type.Optional(Type.Array(Type.String(), { description: 'The first of them (at most 20), relative to the folder.' })),
  },
  { additionalProperties: false, description: 'Present when the run compared responses with a baseline (run --baseline).' },
);

/** The content of one baseline file (one case variant), as written by run --baseline. */
export const BaselineFileSchema = Type.Object(
  {
    case: Type.String(),
    variant: Type.String({ description: 'The variant as in the file name, e.g. post-fr-api3.' }),
    request: Type.Object(
      {
        method: Type.String(),
        path: Type.String({ description: 'Locale, API path and action, without the host.' }),
        params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        query: Type.Optional(Type.String()),
        body: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
    rules: Type.Array(Type.String(), { description: 'Normalisation rules that changed the stored response.' }),
    status: Type.Integer(),
    body: Type.Unknown({ description: 'The normalised response body (the text when it was not JSON).' }),
  },
  { additionalProperties: false },
);

export type NormaliseLayer = Static<typeof NormaliseSchema>;
export type DifferenceRecord = Static<typeof DifferenceSchema>;
export type UpdateBaselineMode = Static<typeof UpdateBaselineSchema>;
export type CaseBaseline = Static<typeof CaseBaselineSchema>;
export type BaselineSummary = Static<typeof BaselineSummarySchema>;
export type BaselineFile = Static<typeof BaselineFileSchema>;
