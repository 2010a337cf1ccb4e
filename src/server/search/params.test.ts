import { describe, expect, it } from 'vitest';
import { validateSearchParams, type ParamsOutcome } from './params.ts';

const limits = { rowsDefault: 100, rowsMax: 32000 };
const rid = 'df356cc6-0e13-4ba8-bc98-c4706614881b';

function errorsOf(outcome: ParamsOutcome): Record<string, string[]> {
  if (outcome.ok) throw new Error('expected errors');
  return outcome.errors;
}

function paramsOf(outcome: ParamsOutcome) {
  if (!outcome.ok) throw new Error(`unexpected errors ${JSON.stringify(outcome.errors)}`);
  return outcome.params;
}

describe('validateSearchParams errors', () => {
  it.each([
    [{}, { resource_id: ['Missing value'] }],
    [{ resource_id: '' }, { resource_id: ['Missing value'] }],
    [{ resource_id: null }, { resource_id: ['Missing value'] }],
    [{ resource_id: [] }, { resource_id: ['Missing value'] }],
    [{ resource_id: rid, limit: 'bad' }, { limit: ['Invalid integer', 'Please enter an integer value'] }],
    [{ resource_id: rid, limit: '2.0' }, { limit: ['Invalid integer', 'Please enter an integer value'] }],
    [{ resource_id: rid, limit: 2.5 }, { limit: ['Invalid integer'] }],
    [{ resource_id: rid, limit: -1 }, { limit: ['Must be a natural number'] }],
    [{ resource_id: rid, limit: '-3' }, { limit: ['Must be a natural number'] }],
    [{ resource_id: rid, offset: 'x' }, { offset: ['Invalid integer'] }],
    [{ resource_id: rid, offset: 1.5 }, { offset: ['Invalid integer'] }],
    [{ resource_id: rid, total_estimation_threshold: 'many' }, { total_estimation_threshold: ['Invalid integer'] }],
    [{ resource_id: rid, filters: '{bad' }, { filters: ['Cannot parse JSON'] }],
    [{ resource_id: rid, filters: '' }, { filters: ['Cannot parse JSON'] }],
    [{ resource_id: rid, filters: '[1,2]' }, { filters: ['Must be a JSON object'] }],
    [{ resource_id: rid, filters: 5 }, { filters: ['Must be a JSON object'] }],
    [{ resource_id: rid, records_format: 'xml' }, { records_format: ["Value must be one of ['objects', 'lists', 'csv', 'tsv']"] }],
    [{ resource_id: rid, fields: 5 }, { fields: ['Not a list'] }],
    [{ resource_id: rid, sort: { a: 1 } }, { sort: ['Not a list'] }],
    [{ resource_id: rid, fields: ['a', 1] }, { fields: ['Neither a string nor a list: 1'] }],
    [{ resource_id: rid, sort: [null] }, { sort: ['Neither a string nor a list: None'] }],
    [{ resource_id: rid, plain: 2 }, { plain: ['Must be a boolean'] }],
    [{ resource_id: rid, distinct: [true] }, { distinct: ['Must be a boolean'] }],
    [{ resource_id: rid, foo: 1 }, { __extras: ['invalid value "foo"'] }],
    [{ resource_id: rid, zed: 1, _: '123' }, { __extras: ['invalid value "zed"'] }],
    [{ resource_id: rid, "it's": 1 }, { __extras: ['invalid value "it\'s"'] }],
    [{ resource_id: rid, extra: [{ a: 1 }, { b: 2 }] }, { __junk: ["The input field [('extra', 0, 'a'), ('extra', 1, 'b')] was not expected."] }],
    [{ resource_id: [{ a: 1 }] }, { __junk: ["The input field [('resource_id', 0, 'a')] was not expected."], resource_id: ['Missing value'] }],
  ])('%j → %j', (input, expected) => {
    const errors = errorsOf(validateSearchParams(input, limits));
    expect(errors).toEqual(expected);
  });

  it('reports every schema error together, keys sorted as CKAN sorts them; unknown keys only once the schema holds', () => {
    const errors = errorsOf(validateSearchParams({ limit: -1, offset: 'x', foo: 1, records_format: 'x', extra: [{ a: 1 }] }, limits));
    expect(Object.keys(errors)).toEqual(['__junk', 'limit', 'offset', 'records_format', 'resource_id']);
  });
});

describe('validateSearchParams coercion', () => {
  it.each([
    [{}, 100],
    [{ limit: null }, 100],
    [{ limit: '' }, 100],
    [{ limit: 0 }, 0],
    [{ limit: '0' }, 0],
    [{ limit: 2.0 }, 2],
    [{ limit: ' 7 ' }, 7],
    [{ limit: '1_0' }, 10],
    [{ limit: 32001 }, 32000],
    [{ limit: '999999' }, 32000],
  ])('limit %j → %d', (input, limit) => {
    expect(paramsOf(validateSearchParams({ resource_id: rid, ...input }, limits)).limit).toBe(limit);
  });

  it('caps at a configured rows_max', () => {
    expect(paramsOf(validateSearchParams({ resource_id: rid, limit: 50 }, { rowsDefault: 10, rowsMax: 20 })).limit).toBe(20);
  });

  it.each([
    ['true', true],
    ['Yes', true],
    ['T', true],
    ['y', true],
    ['1', true],
    ['on', false],
    ['false', false],
    ['', false],
    ['0', false],
    [true, true],
    [false, false],
    [1, true],
    [0, false],
  ])('boolean %j → %j', (value, expected) => {
    const params = paramsOf(validateSearchParams({ resource_id: rid, plain: value, distinct: value }, limits));
    expect(params.plain).toBe(expected);
    expect(params.distinct).toBe(expected);
  });

  it('applies the defaults of include_total, plain, distinct and records_format', () => {
    const params = paramsOf(validateSearchParams({ resource_id: rid, include_total: null, plain: null, records_format: '' }, limits));
    expect(params).toEqual({
      resourceId: rid,
      limit: 100,
      includeTotal: true,
      totalEstimationThreshold: null,
      recordsFormat: 'objects',
    });
  });

  it('lets id win over resource_id, unless id is empty', () => {
    expect(paramsOf(validateSearchParams({ resource_id: 'a', id: 'b' }, limits)).resourceId).toBe('b');
    expect(paramsOf(validateSearchParams({ resource_id: 'a', id: '' }, limits)).resourceId).toBe('a');
    expect(paramsOf(validateSearchParams({ id: 'b' }, limits)).resourceId).toBe('b');
  });

  it('turns a non-string resource_id into JSON text (unicode_safe)', () => {
    expect(paramsOf(validateSearchParams({ resource_id: 5 }, limits)).resourceId).toBe('5');
    expect(paramsOf(validateSearchParams({ resource_id: false }, limits)).resourceId).toBe('false');
  });

  it.each([
    ['a b', 'a b'],
    ['{"title": "x"}', { title: 'x' }],
    ['"{}"', '"{}"'],
    ['[1]', '[1]'],
    [123, '123'],
    [true, 'True'],
    [['a', 1], "['a', 1]"],
    [{ subject: 'art' }, { subject: 'art' }],
  ])('q %j → %j', (q, expected) => {
    expect(paramsOf(validateSearchParams({ resource_id: rid, q }, limits)).q).toEqual(expected);
  });

  it('decodes filters given as JSON text', () => {
    expect(paramsOf(validateSearchParams({ resource_id: rid, filters: '{"stage": ["A", "B"]}' }, limits)).filters).toEqual({
      stage: ['A', 'B'],
    });
  });

  it('turns non-string language and full_text into JSON text', () => {
    const params = paramsOf(validateSearchParams({ resource_id: rid, language: 5, full_text: ['a', 'b'] }, limits));
    expect(params.language).toBe('5');
    expect(params.fullText).toBe('["a", "b"]');
  });

  it('keeps fields and sort as sent, and treats a blank offset as not given', () => {
    const params = paramsOf(validateSearchParams({ resource_id: rid, fields: 'a, b', sort: ['a desc'], offset: '' }, limits));
    expect(params.fields).toBe('a, b');
    expect(params.sort).toEqual(['a desc']);
    expect(params.offset).toBeUndefined();
  });

  it('accepts a negative offset here (it fails later, in column validation)', () => {
    expect(paramsOf(validateSearchParams({ resource_id: rid, offset: '-1' }, limits)).offset).toBe(-1);
  });
});
