// The one home of fast-check: the arbitrary of valid requests built from the sampled data (searches, and SELECTs with
// a WHERE clause: LIKE on a word of the data with its letters as they are or in another case, or equality), seeded
// sampling, and shrinking a disagreement. The arbitrary is made only of parts fast-check can shrink without their generation
// context (records, options, constants, unique arrays), so a request found in a batch can be shrunk afterwards.
import fc from 'fast-check';
import {
  LIKE_CASES,
  LIKE_PLACEMENTS,
  type GeneratedRequest,
  type GeneratedSearch,
  type GenerationInput,
  type SampledField,
  type SampledResource,
  type SqlCondition,
} from './types.ts';

/** A text no sampled value contains: filters and q on it match nothing. */
export const ABSENT_TEXT = 'zzqxjv-absent';
/** A number no sampled resource holds in practice, for filters on numeric fields that match nothing. */
export const ABSENT_NUMBER = -987654321;
/** Limits and offsets derived from a resource's total are capped here, so a large resource is not read whole. */
export const MAX_EDGE_LIMIT = 1000;

/** Locale segments generated when both profiles declare `locale`. */
export const GENERATED_LOCALES = ['fr', 'de', 'pt_BR'] as const;

/** An optional part: absent (the smallest request) in about half the requests. */
export const optional = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arbitrary, { nil: undefined, freq: 2 });

/** The locale segment of a request: one of GENERATED_LOCALES or none, when both profiles declare `locale`. */
export const localeArbitrary = (locales: boolean): fc.Arbitrary<string | undefined> =>
  locales ? optional(fc.constantFrom(...GENERATED_LOCALES)) : fc.constant(undefined);

const NUMERIC_TYPES = new Set(['int', 'int4', 'int8', 'integer', 'bigint', 'numeric', 'float', 'float8', 'double precision']);
// sort and fields are comma lists of names: only plain identifiers go there, so every generated request is valid
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isFilterable(field: SampledField): boolean {
  return field.id !== '_id' && field.values.length > 0 && !field.type.startsWith('_') && field.type !== 'json';
}

function absentValues(field: SampledField): Array<string | number> {
  if (field.type === 'text') return [ABSENT_TEXT];
  return NUMERIC_TYPES.has(field.type) ? [ABSENT_NUMBER] : [];
}

/**
 * A filter value: one that occurs, one that does not, or an either-or array of them; on a numeric column also a
 * value written as a string (`"600"`, as a GET's query string sends every value), which must match the same records.
 */
function filterValue(field: SampledField): fc.Arbitrary<unknown> {
  const absent = absentValues(field);
  const parts: Array<fc.WeightedArbitrary<unknown>> = [{ arbitrary: fc.constantFrom(...field.values), weight: 4 }];
  if (absent.length > 0) parts.push({ arbitrary: fc.constantFrom(...absent), weight: 1 });
  const numbers = field.values.filter((value): value is number => typeof value === 'number');
  if (NUMERIC_TYPES.has(field.type) && numbers.length > 0) parts.push({ arbitrary: fc.constantFrom(...numbers.map(String)), weight: 2 });
  const choices = [...field.values, ...absent];
  if (choices.length >= 2) parts.push({ arbitrary: fc.uniqueArray(fc.constantFrom(...choices), { minLength: 2, maxLength: 3 }), weight: 2 });
  return fc.oneof(...parts);
}

/**
 * A q: a word of the data (most often), two words of one value (records must hold both), two words of the data that
 * need not meet in one record (a search that matches on any word, or on the first, returns records lacking the
 * other), or a word of none.
 */
function queryText(words: readonly string[], phrases: readonly string[]): fc.Arbitrary<string> {
  const parts: Array<fc.WeightedArbitrary<string>> = [
    { arbitrary: fc.constantFrom(...words), weight: 3 },
    { arbitrary: fc.constant(ABSENT_TEXT), weight: 1 },
  ];
  if (phrases.length > 0) parts.push({ arbitrary: fc.constantFrom(...phrases), weight: 2 });
  if (words.length >= 2) {
    const two = fc.uniqueArray(fc.constantFrom(...words), { minLength: 2, maxLength: 2 });
    // why: the unmapper lets a request given by value (a failure to shrink) be shrunk without its generation context
    parts.push({
      arbitrary: two.map(
        (pair) => pair.join(' '),
        (text) => (typeof text === 'string' ? text.split(' ') : []),
      ),
      weight: 2,
    });
  }
  return fc.oneof(...parts);
}

function edges(total: number, values: number[]): number[] {
  const capped = [...values, Math.min(total, MAX_EDGE_LIMIT), Math.min(total + 1, MAX_EDGE_LIMIT + 1)];
  return [...new Set(capped.filter((n) => n >= 0))];
}

function searchArbitrary(resource: SampledResource, input: GenerationInput): fc.Arbitrary<GeneratedRequest> {
  const filterable = resource.fields.filter(isFilterable);
  const named = resource.fields.filter((f) => PLAIN_NAME.test(f.id) && f.type !== 'json');
  const sortable = named.filter((f) => !f.type.startsWith('_'));
  const words = [...new Set(resource.fields.flatMap((f) => f.words))];
  const phrases = [...new Set(resource.fields.flatMap((f) => f.phrases ?? []))];
  const entry = fc.oneof(...filterable.map((f) => fc.tuple(fc.constant(f.id), filterValue(f))));
  const unless = <T>(on: boolean | undefined, arbitrary: fc.Arbitrary<T | undefined>): fc.Arbitrary<T | undefined> =>
    on === false ? fc.constant(undefined) : arbitrary;
  const full: fc.Arbitrary<GeneratedSearch> = fc.record({
    kind: fc.constant('search' as const),
    resource: fc.constant(resource.name),
    method: fc.constantFrom('GET' as const, 'POST' as const),
    locale: localeArbitrary(input.locales),
    filters: filterable.length === 0 ? fc.constant([]) : fc.uniqueArray(entry, { selector: (e) => e[0], maxLength: 3 }),
    q: words.length === 0 ? fc.constant(undefined) : optional(queryText(words, phrases)),
    limit: optional(fc.constantFrom(...edges(resource.total, [0, 1]))),
    offset: unless(input.offset, optional(fc.constantFrom(...edges(resource.total, [1, Math.max(resource.total - 1, 0)])))),
    sort: unless(
      input.sort !== false && sortable.length > 0,
      optional(
        fc.uniqueArray(fc.tuple(fc.constantFrom(...sortable.map((f) => f.id)), fc.constantFrom('asc' as const, 'desc' as const)), {
          selector: (s) => s[0],
          minLength: 1,
          maxLength: 2,
        }),
      ),
    ),
    fields: unless(
      input.fields !== false && named.length > 0,
      optional(fc.uniqueArray(fc.constantFrom(...named.map((f) => f.id)), { minLength: 1, maxLength: 3 })),
    ),
    distinct: unless(input.distinct, optional(fc.constant(true))),
  });
  if (words.length === 0) return full;
  // why: a request that sets most parameters hides a broken q behind them (fields chosen, an offset past the end, a
  // filter on an absent value); one in five asks q alone, whose every record can be judged
  const qAlone: fc.Arbitrary<GeneratedSearch> = fc.record({
    kind: fc.constant('search' as const),
    resource: fc.constant(resource.name),
    method: fc.constantFrom('GET' as const, 'POST' as const),
    locale: localeArbitrary(input.locales),
    // why: an empty array arbitrary, not a constant, so that a generated request can be shrunk from its value alone
    filters: fc.array(fc.constant<[string, unknown]>(['', null]), { maxLength: 0 }),
    q: queryText(words, phrases),
  });
  return fc.oneof({ arbitrary: full, weight: 4 }, { arbitrary: qAlone, weight: 1 });
}

function conditionArbitrary(resource: SampledResource): fc.Arbitrary<SqlCondition> | undefined {
  const texts = resource.fields.filter((f) => f.type === 'text' && f.words.length > 0);
  const valued = resource.fields.filter((f) => f.id !== '_id' && f.values.length > 0 && !f.type.startsWith('_') && f.type !== 'json');
  const parts: Array<fc.WeightedArbitrary<SqlCondition>> = texts.map((f) => ({
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('like' as const),
      field: fc.constant(f.id),
      word: fc.constantFrom(...f.words),
      placement: fc.constantFrom(...LIKE_PLACEMENTS),
      letters: optional(fc.constantFrom(...LIKE_CASES.filter((c) => c !== 'as-is'))),
    }),
  }));
  for (const f of valued) {
    parts.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('equals' as const), field: fc.constant(f.id), value: fc.constantFrom(...f.values) }) });
  }
  return parts.length === 0 ? undefined : fc.oneof(...parts);
}

/** The SQL requests (api.md 4.2) on `resource`, or undefined when it has no column to build a WHERE clause on. */
export function createSqlArbitrary(resource: SampledResource, input: GenerationInput): fc.Arbitrary<GeneratedRequest> | undefined {
  const where = conditionArbitrary(resource);
  if (where === undefined) return undefined;
  const columns = resource.fields.map((f) => f.id);
  return fc.record({
    kind: fc.constant('sql' as const),
    resource: fc.constant(resource.name),
    method: fc.constantFrom('GET' as const, 'POST' as const),
    locale: localeArbitrary(input.locales),
    columns: fc.constant(columns),
    where,
    ordered: columns.includes('_id') ? optional(fc.constant(true)) : fc.constant(undefined),
    limit: optional(fc.constantFrom(0, 1, 5)),
  });
}

/** The arbitrary of every request the input allows: searches mostly, SELECTs when both targets have SQL. */
export function createRequestArbitrary(input: GenerationInput): fc.Arbitrary<GeneratedRequest> {
  const parts: Array<fc.WeightedArbitrary<GeneratedRequest>> = input.resources.map((r) => ({ arbitrary: searchArbitrary(r, input), weight: 3 }));
  if (input.sql) {
    for (const resource of input.resources) {
      const sql = createSqlArbitrary(resource, input);
      if (sql !== undefined) parts.push({ arbitrary: sql, weight: 1 });
    }
  }
  return fc.oneof(...parts);
}

/** `count` requests drawn with `seed`: the same seed and input give the same requests. */
export function sampleRequests(arbitrary: fc.Arbitrary<GeneratedRequest>, seed: number, count: number): GeneratedRequest[] {
  return count === 0 ? [] : fc.sample(arbitrary, { seed, numRuns: count });
}

/**
 * Shrinks a request for which `differs` holds with fast-check's shrinker: the smallest request (fewest filters,
 * optional parts absent) found for which it still holds, and the number of steps that kept it.
 */
export async function shrinkRequest(
  arbitrary: fc.Arbitrary<GeneratedRequest>,
  failing: GeneratedRequest,
  differs: (request: GeneratedRequest) => Promise<boolean>,
  seed: number,
): Promise<{ request: GeneratedRequest; shrinks: number }> {
  const property = fc.asyncProperty(arbitrary, async (request) => !(await differs(request)));
  const details = await fc.check(property, { seed, examples: [[failing]], numRuns: 1 });
  const found = details.counterexample?.[0];
  return found === undefined ? { request: failing, shrinks: 0 } : { request: found, shrinks: details.numShrinks };
}
