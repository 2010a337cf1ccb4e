// The case-file format: one schema value, from which the TS types and cases/case.schema.json derive.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { NormaliseSchema } from './baseline.ts';
import { CkanReleasesSchema, CkanTraitIdSchema, type ResolvedKnownDeviation } from './ckan-releases.ts';
import { findCkanTrait } from './ckan-traits/index.ts';

const Method = Type.Union([Type.Literal('GET'), Type.Literal('POST')], { description: 'HTTP method.' });
const ApiPath = Type.Union([Type.Literal('/api/action'), Type.Literal('/api/3/action')], {
  description: 'Action path prefix after the base URL (and after the locale segment, if any).',
});
const Locale = Type.Union([Type.String({ pattern: '^[a-z]{2,3}(_[A-Za-z]{2,4})?$' }), Type.Null()], {
  description: 'Locale path segment placed before /api (e.g. "fr", "pt_BR"); null for none.',
});

export const RequestSchema = Type.Object(
  {
    action: Type.String({ minLength: 1, description: 'Action name, e.g. datastore_search.' }),
    method: Type.Optional(Method),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          'Action parameters. POST: sent as the JSON body. GET: strings as-is, numbers/booleans as text, objects as JSON text, arrays as repeated keys.',
      }),
    ),
    body: Type.Optional(Type.String({ description: 'Raw request body, sent instead of params (for malformed-input cases).' })),
    contentType: Type.Optional(Type.String({ description: 'Content-Type for POST; default application/json.' })),
    query: Type.Optional(Type.String({ description: 'Raw query string appended to the URL (without "?").' })),
    headers: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Extra request headers.' })),
    locale: Type.Optional(Locale),
    apiPath: Type.Optional(ApiPath),
    auth: Type.Optional(Type.Boolean({ description: 'Send the configured token in Authorization (default true).' })),
  },
  { additionalProperties: false },
);

export const VariantsSchema = Type.Object(
  {
    method: Type.Optional(Type.Array(Method, { minItems: 1, uniqueItems: true })),
    locale: Type.Optional(Type.Array(Locale, { minItems: 1, uniqueItems: true })),
    apiPath: Type.Optional(Type.Array(ApiPath, { minItems: 1, uniqueItems: true })),
  },
  {
    additionalProperties: false,
    description: 'Each combination is run as its own result; all variants must return the same records.',
  },
);

export const PredicateSchema = Type.Object(
  {
    field: Type.Optional(Type.String({ description: 'Record field; omitted = any field of the record.' })),
    equals: Type.Optional(Type.Unknown()),
    in: Type.Optional(Type.Array(Type.Unknown())),
    contains: Type.Optional(Type.String({ description: 'Case-insensitive substring of the value as text.' })),
    like: Type.Optional(Type.String({ description: 'SQL LIKE pattern (% and _), case-sensitive.' })),
    matches: Type.Optional(Type.String({ description: 'JavaScript regular expression (compiled with the u flag), tested against the value as text.' })),
    notNull: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, description: 'A condition every returned record must satisfy (all given keys apply).' },
);

/** A number of records as the runner checks it. */
const literalCount = (description: string) => Type.Integer({ minimum: 0, description });

/**
 * A number of records as a case file may write it: also a profile variable holding one, e.g. "${values.rowsMax}"
 * (substituted before the case runs, and then it must be a whole number).
 */
const countOrVariable = (description: string) =>
  Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^\\$\\{[^}]+\\}$' })], {
    description: `${description} A whole number, or a profile variable holding one (e.g. "\${values.rowsMax}").`,
  });

function recordsExpectSchema<C extends TSchema>(count: (description: string) => C) {
  return Type.Object(
    {
      exact: Type.Optional(Type.Array(Type.Unknown(), { description: 'The records, exactly.' })),
      ordered: Type.Optional(Type.Boolean({ description: 'Whether exact must match in order (default true).' })),
      includes: Type.Optional(Type.Array(Type.Unknown(), { description: 'Records that must be among the returned ones.' })),
      count: Type.Optional(count('Number of records returned, exactly.')),
      min: Type.Optional(count('At least this many records.')),
      max: Type.Optional(count('At most this many records.')),
      atMostLimit: Type.Optional(
        Type.Boolean({ description: 'No more records than the request limit; without one, than the limit the result reports (else 100).' }),
      ),
      fillsLimit: Type.Optional(
        Type.Boolean({
          description:
            'Exactly as many records as the page holds: the limit (the request one, lowered to the limit the result reports, as CKAN does above rows_max), or the rows left after the offset when result.total says fewer match.',
        }),
      ),
      every: Type.Optional(Type.Array(PredicateSchema, { minItems: 1 })),
      sortedBy: Type.Optional(
        Type.Array(Type.Object({ field: Type.String(), direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) }, { additionalProperties: false }), {
          minItems: 1,
        }),
      ),
      unique: Type.Optional(Type.Boolean({ description: 'No two records are equal.' })),
    },
    { additionalProperties: false },
  );
}

export const RecordsExpectSchema = recordsExpectSchema(literalCount);

/** One key of result and the pattern its value must match. */
export const ResultMatchSchema = Type.Object(
  {
    key: Type.String({ minLength: 1, description: 'A key of result, e.g. ckan_version.' }),
    matches: Type.String({
      minLength: 1,
      description: 'JavaScript regular expression (u flag) the value must match: a string itself, any other value as its JSON text (["a","b"], null).',
    }),
    optional: Type.Optional(Type.Boolean({ description: 'An absent key is no failure; a present one must match.' })),
  },
  { additionalProperties: false },
);

const Bound = Type.Object({ min: Type.Optional(Type.Integer()), max: Type.Optional(Type.Integer()) }, { additionalProperties: false });

function expectSchema<C extends TSchema>(count: (description: string) => C) {
  return Type.Object(
    {
      status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599, description: 'HTTP status code.' })),
      success: Type.Optional(Type.Boolean({ description: "The envelope's success flag." })),
      errorType: Type.Optional(Type.String({ description: 'error.__type of the envelope, e.g. "Validation Error".' })),
      error: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Subset the error object must contain (deep).' })),
      body: Type.Optional(Type.Unknown({ description: 'The whole JSON body, exactly (e.g. the bare 400 string).' })),
      contentType: Type.Optional(Type.String({ minLength: 1, description: 'The response Content-Type must start with this, e.g. application/javascript.' })),
      bodyMatches: Type.Optional(
        Type.String({
          minLength: 1,
          description: 'JavaScript regular expression (u flag) the raw body text must match; the body may then be other than JSON (e.g. JSONP).',
        }),
      ),
      contract: Type.Optional(
        Type.Union([Type.Literal('seed'), Type.Literal('ckan'), Type.Literal('none')], {
          description: 'Contract profile to check the response against; default: the run option.',
        }),
      ),
      records: Type.Optional(recordsExpectSchema(count)),
      total: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Bound], { description: 'result.total, exactly or within { min, max }.' })),
      fields: Type.Optional(
        Type.Array(Type.Object({ id: Type.String(), type: Type.Optional(Type.String()) }, { additionalProperties: false }), {
          description: 'result.fields, exactly these ids in this order (and types where given).',
        }),
      ),
      result: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Subset the result object must contain (deep).' })),
      resultAbsent: Type.Optional(Type.Array(Type.String(), { description: 'Keys that must not be in result.' })),
      resultMatches: Type.Optional(
        Type.Array(ResultMatchSchema, {
          description: 'Keys of result whose values must match a regular expression, in any key order (e.g. status_show).',
        }),
      ),
      maxMs: Type.Optional(Type.Integer({ minimum: 1, description: 'Response time budget in milliseconds.' })),
    },
    { additionalProperties: false },
  );
}

/** What a case expects, as the runner checks it: every profile variable substituted. */
export const ExpectSchema = expectSchema(literalCount);

/** What a case expects, as its file writes it (counts may be profile variables). */
export const CaseExpectSchema = expectSchema(countOrVariable);

/** A known deviation named by its trait: the releases, CKAN's reference and the fixing release come from the table. */
const TraitKnownDeviationSchema = Type.Object(
  {
    trait: CkanTraitIdSchema,
    note: Type.Optional(Type.String({ minLength: 1, description: "What the case meets of it, in one line; default the trait's own words." })),
  },
  { additionalProperties: false },
);

/** A known deviation stated in full: the releases, what they do wrong, CKAN's reference and the fixing release. */
const RangeKnownDeviationSchema = Type.Object(
  {
    ckan: CkanReleasesSchema,
    note: Type.String({ minLength: 1, description: 'What those releases do wrong, in one line.' }),
    ref: Type.String({ minLength: 1, description: "CKAN's issue, pull request or commit that explains it, e.g. ckan/ckan#8709." }),
    fixed: Type.Optional(Type.String({ minLength: 1, description: 'The first release with the fix, e.g. 2.12.0; absent while unfixed.' })),
  },
  { additionalProperties: false },
);

/**
 * A known bug of some CKAN releases that makes this case fail there: on a target in those releases, a failure of the
 * case is reported as a known deviation of that release (not a plain failure) unless the run is strict about them.
 * Named by a trait of the CKAN trait table (`{ trait: distinct-after-limit }`), or stated in full.
 */
export const KnownDeviationSchema = Type.Union([TraitKnownDeviationSchema, RangeKnownDeviationSchema]);
export type KnownDeviation = Static<typeof KnownDeviationSchema>;

/** A known deviation as the runner applies it: one named by a trait takes the trait's releases, reference and fix. */
export function resolveKnownDeviation(known: KnownDeviation): ResolvedKnownDeviation {
  if (!('trait' in known)) return known;
  const trait = findCkanTrait(known.trait);
  return { ckan: { trait: known.trait }, note: known.note ?? trait.does, ref: trait.ref, ...(trait.fixed === undefined ? {} : { fixed: trait.fixed }) };
}
/** The relations a case may state between its answer and the answers to related requests (see docs/cases.md). */
export const RELATION_RULES = ['union', 'subset', 'equal', 'tiles', 'reversed', 'projects', 'counts', 'total'] as const;

const RelatedRequestSchema = Type.Object(
  {
    action: Type.Optional(Type.String({ minLength: 1, description: "Action of the related request; default the case's." })),
    params: Type.Record(Type.String(), Type.Unknown(), {
      description: "Parameters that differ from the case's request: each key replaces the case's; null removes it.",
    }),
  },
  { additionalProperties: false },
);

export const RelationSchema = Type.Object(
  {
    rule: Type.Union(
      RELATION_RULES.map((r) => Type.Literal(r)),
      {
        description:
          "How the case's records relate to the related answers: union (the same records as all of them together), subset (every record is in each), equal (the same set), tiles (they, in order, are its records in order), reversed (the first's values of `field` in reverse order), projects (its records are the first's, cut to the request's fields), counts (its one value is the first's number of records), total (its result.total is the first's number of records).",
      },
    ),
    clause: Type.String({ minLength: 1, description: 'The clause the relation checks, e.g. "api.md#4.1/filters-rule-1" (also listed in spec).' }),
    field: Type.Optional(Type.String({ minLength: 1, description: 'The column compared by `reversed`.' })),
    multiset: Type.Optional(
      Type.Boolean({
        description: 'equal and subset: compare the records as multisets, each as often as in the other answer (a lost or repeated row shows).',
      }),
    ),
    requests: Type.Array(RelatedRequestSchema, {
      minItems: 1,
      description: "Related requests, sent with the variant's method, locale and API path after the case's own.",
    }),
  },
  {
    additionalProperties: false,
    description:
      'A relation that holds on any data between this answer and the answers to related requests (a metamorphic check): an either-or filter is the union of its single values, a page of an offset is part of the unpaged answer, ...',
  },
);

export const CaseSchema = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z0-9][a-z0-9._-]*(/[a-z0-9][a-z0-9._-]*)*$',
      description: 'Stable unique id, e.g. search/filters/either-or.',
    }),
    title: Type.String({ minLength: 1, description: 'One line saying what the case checks; shown in reports.' }),
    tags: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), { uniqueItems: true, description: 'Labels for --tag selection (merged with the file defaults).' }),
    ),
    spec: Type.Array(Type.String({ minLength: 1 }), {
      minItems: 1,
      description: 'Clauses checked, e.g. "api.md#4.1/filters-rule-1" or "ckan-datastore.md#3.8".',
    }),
    class: Type.String({
      pattern: '^[a-z0-9]+(\\.[a-z0-9]+)*$',
      description: 'Conformance class: search.core, search.get, locale, q, filters, sql, auth, errors, ckan.extended, ...',
    }),
    needs: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        uniqueItems: true,
        description: 'Capabilities the target must have (e.g. sql, private, token); else the case is not applicable.',
      }),
    ),
    ckan: Type.Optional(CkanReleasesSchema),
    known: Type.Optional(
      Type.Array(KnownDeviationSchema, {
        minItems: 1,
        description: 'Known bugs of CKAN releases that make this case fail there: reported as known deviations, not failures.',
      }),
    ),
    skip: Type.Optional(Type.String({ minLength: 1, description: 'Reason to skip this case.' })),
    request: RequestSchema,
    variants: Type.Optional(VariantsSchema),
    expect: CaseExpectSchema,
    // Extra expectations that hold only on the bundled fixtures data (not applicable against other data).
    expectOnFixtures: Type.Optional(CaseExpectSchema),
    relation: Type.Optional(RelationSchema),
    normalise: Type.Optional(NormaliseSchema),
  },
  { additionalProperties: false },
);

export const CaseFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    defaults: Type.Optional(
      Type.Object(
        {
          tags: Type.Optional(Type.Array(Type.String())),
          needs: Type.Optional(Type.Array(Type.String())),
          variants: Type.Optional(VariantsSchema),
        },
        { additionalProperties: false, description: 'Values merged into every case of the file.' },
      ),
    ),
    cases: Type.Array(CaseSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export type CaseRequest = Static<typeof RequestSchema>;
export type Predicate = Static<typeof PredicateSchema>;
export type Relation = Static<typeof RelationSchema>;
export type RelationRule = Relation['rule'];
export type RecordsExpect = Static<typeof RecordsExpectSchema>;
export type Expect = Static<typeof ExpectSchema>;
export type CaseExpect = Static<typeof CaseExpectSchema>;
export type Case = Static<typeof CaseSchema>;
export type CaseFile = Static<typeof CaseFileSchema>;
export type Method = CaseRequest['method'] & string;
