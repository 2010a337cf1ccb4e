import { describe, expect, it } from 'vitest';
import type { Expect } from '../model/index.ts';
import { checkExpect } from './expect.ts';

const ok = {
  help: 'h',
  success: true,
  result: {
    resource_id: 'r',
    fields: [
      { id: '_id', type: 'int' },
      { id: 'title', type: 'text' },
      { id: 'level', type: 'int4' },
    ],
    records: [
      { _id: 1, title: 'Algebra', level: 1 },
      { _id: 2, title: 'Biology', level: 2 },
      { _id: 3, title: 'Chemistry', level: 2 },
    ],
    total: 3,
  },
};
const conflict = { help: 'h', success: false, error: { __type: 'Validation Error', limit: ['Invalid integer'] } };

function rules(e: Expect, body: unknown = ok, status = 200, params?: Record<string, unknown>): string[] {
  return checkExpect(e, { status, body, durationMs: 12, text: '', contentType: 'application/json' }, { rulePrefix: '', params }).map((f) => f.rule);
}

describe('checkExpect', () => {
  it.each<[string, Expect, string, string, string[]]>([
    [
      'a matching JSONP body',
      { bodyMatches: '^cb\\(\\{.*\\}\\);$', contentType: 'application/javascript' },
      'cb({"a":1});',
      'application/javascript;charset=utf-8',
      [],
    ],
    ['a plain JSON body where JSONP was expected', { bodyMatches: '^cb\\(' }, '{"a":1}', 'application/json', ['bodyMatches']],
    ['another content type', { contentType: 'application/javascript' }, 'cb({});', 'application/json;charset=utf-8', ['contentType']],
    ['a missing content type', { contentType: 'text/html' }, '', '', ['contentType']],
  ])('checks the raw body and Content-Type: %s', (_name, e, text, contentType, expected) => {
    const found = checkExpect(e, { status: 200, body: undefined, durationMs: 1, text, contentType }, { rulePrefix: '', params: undefined });
    expect(found.map((f) => f.rule)).toEqual(expected);
  });

  it.each<[string, Expect, string[]]>([
    ['status ok', { status: 200 }, []],
    ['status wrong', { status: 409 }, ['status']],
    ['success wrong', { success: false }, ['success']],
    ['total exact', { total: 3 }, []],
    ['total wrong', { total: 4 }, ['total']],
    ['total bound', { total: { min: 1, max: 3 } }, []],
    ['total out of bound', { total: { min: 4 } }, ['total']],
    ['fields', { fields: [{ id: '_id' }, { id: 'title', type: 'text' }, { id: 'level' }] }, []],
    ['fields wrong type', { fields: [{ id: '_id' }, { id: 'title', type: 'int4' }, { id: 'level' }] }, ['fields']],
    ['fields wrong order', { fields: [{ id: 'title' }, { id: '_id' }, { id: 'level' }] }, ['fields']],
    ['result subset', { result: { resource_id: 'r', total: 3 } }, []],
    ['result subset wrong', { result: { resource_id: 'x' } }, ['result']],
    ['result absent', { resultAbsent: ['_links'] }, []],
    ['result present', { resultAbsent: ['total'] }, ['resultAbsent']],
    ['maxMs', { maxMs: 5 }, ['maxMs']],
    ['records count', { records: { count: 3, min: 1, max: 3 } }, []],
    ['records count wrong', { records: { count: 2, min: 4, max: 2 } }, ['records.count', 'records.min', 'records.max']],
    [
      'records every',
      {
        records: {
          every: [
            { field: 'level', in: [1, 2] },
            { field: 'title', like: '%y' },
          ],
        },
      },
      ['records.every[1]'],
    ],
    ['records sorted', { records: { sortedBy: [{ field: 'title', direction: 'asc' }] } }, []],
    ['records not sorted', { records: { sortedBy: [{ field: 'title', direction: 'desc' }] } }, ['records.sortedBy']],
    ['records unique', { records: { unique: true } }, []],
    ['includes subset', { records: { includes: [{ title: 'Biology' }] } }, []],
    ['includes missing', { records: { includes: [{ title: 'Physics' }] } }, ['records.includes']],
    ['exact any order', { records: { exact: [ok.result.records[2], ok.result.records[0], ok.result.records[1]], ordered: false } }, []],
    ['exact ordered wrong', { records: { exact: [ok.result.records[2], ok.result.records[0], ok.result.records[1]] } }, ['records.exact']],
  ])('%s', (_name, e, wanted) => {
    expect(rules(e)).toEqual(wanted);
  });

  it.each<[string, Expect, string[]]>([
    ['error match', { status: 409, success: false, errorType: 'Validation Error', error: { limit: ['Invalid integer'] } }, []],
    ['error type wrong', { errorType: 'Not Found Error' }, ['errorType']],
    ['error subset wrong', { error: { limit: ['Must be a natural number'] } }, ['error']],
    ['body exact', { body: conflict }, []],
  ])('on an error envelope: %s', (_name, e, wanted) => {
    expect(rules(e, conflict, 409)).toEqual(wanted);
  });

  it('checks atMostLimit against the request limit, or 100 without one', () => {
    expect(rules({ records: { atMostLimit: true } }, ok, 200, { limit: 2 })).toEqual(['records.atMostLimit']);
    expect(rules({ records: { atMostLimit: true } }, ok, 200, { limit: '3' })).toEqual([]);
    const many = { success: true, result: { records: Array.from({ length: 101 }, (_, i) => ({ i })) } };
    expect(rules({ records: { atMostLimit: true } }, many)).toEqual(['records.atMostLimit']);
  });

  it('takes the limit a result reports: the default applied without a request limit, a lowered one for fillsLimit', () => {
    const reporting = (limit: number, total: number): unknown => ({ ...ok, result: { ...ok.result, limit, total } });
    // 3 records
    expect(rules({ records: { atMostLimit: true } }, reporting(2, 10))).toEqual(['records.atMostLimit']);
    expect(rules({ records: { atMostLimit: true } }, reporting(3, 10))).toEqual([]);
    expect(rules({ records: { atMostLimit: true } }, reporting(2, 10), 200, { limit: 5 })).toEqual([]);
    expect(rules({ records: { fillsLimit: true } }, reporting(3, 10))).toEqual([]);
    expect(rules({ records: { fillsLimit: true } }, reporting(3, 10), 200, { limit: 1000000000 })).toEqual([]);
    expect(rules({ records: { fillsLimit: true } }, reporting(2, 10), 200, { limit: 1000000000 })).toEqual(['records.fillsLimit']);
    expect(rules({ records: { fillsLimit: true } }, reporting(50, 10))).toEqual(['records.fillsLimit']);
  });

  it('checks fillsLimit: the limit, or what total leaves after the offset', () => {
    const fills = (params: Record<string, unknown>, body: unknown = ok): string[] => rules({ records: { fillsLimit: true } }, body, 200, params);
    // 3 records, total 3
    expect(fills({ limit: 3 })).toEqual([]);
    expect(fills({ limit: 5 })).toEqual([]);
    expect(fills({ limit: '2' })).toEqual(['records.fillsLimit']);
    expect(fills({})).toEqual([]);
    expect(fills({ limit: 5, offset: 1 })).toEqual(['records.fillsLimit']);
    const larger = { ...ok, result: { ...ok.result, total: 10 } };
    expect(fills({ limit: 3 }, larger)).toEqual([]);
    expect(fills({ limit: 5 }, larger)).toEqual(['records.fillsLimit']);
    expect(fills({ limit: 5, offset: 7 }, larger)).toEqual([]);
    expect(fills({ limit: 5, offset: '8' }, larger)).toEqual(['records.fillsLimit']);
    const noTotal = { ...ok, result: { ...ok.result, total: undefined } };
    const message = (body: unknown, params: Record<string, unknown>): string | undefined =>
      checkExpect({ records: { fillsLimit: true } }, { status: 200, body, durationMs: 1, text: '', contentType: '' }, { rulePrefix: '', params })[0]?.message;
    expect(message(noTotal, { limit: 3 })).toBe('result.total is missing, so the size of a full page is unknown');
    expect(message(larger, { limit: 5, offset: 8 })).toBe('expected 2 records (the 2 left of total 10 after offset 8), got 3');
    expect(message(larger, { limit: 2 })).toBe('expected 2 records (the limit 2), got 3');
  });

  it('names where the records went when result.records is missing', () => {
    const rows = { success: true, result: { rows: ok.result.records } };
    const [f] = checkExpect(
      { records: { count: 3 } },
      { status: 200, body: rows, durationMs: 1, text: '', contentType: 'application/json' },
      { rulePrefix: '', params: undefined },
    );
    expect(f?.rule).toBe('records');
    expect(f?.message).toContain('"rows"');
  });

  it('gives the first breaking record of an every predicate with its path and count', () => {
    const [f] = checkExpect(
      { records: { every: [{ field: 'level', equals: 1 }] } },
      { status: 200, body: ok, durationMs: 1, text: '', contentType: 'application/json' },
      { rulePrefix: 'expectOnFixtures.', params: undefined },
    );
    expect(f).toMatchObject({ rule: 'expectOnFixtures.records.every[0]', path: '/result/records/1/level', actual: 2 });
    expect(f?.message).toContain('2 of 3 records');
  });

  it('gives a path-level message for exact records', () => {
    const wanted = [ok.result.records[0], { ...ok.result.records[1], title: 'Botany' }, ok.result.records[2]];
    const [f] = checkExpect(
      { records: { exact: wanted } },
      { status: 200, body: ok, durationMs: 1, text: '', contentType: 'application/json' },
      { rulePrefix: '', params: undefined },
    );
    expect(f?.message).toBe('records differ: /1/title: expected "Botany", got "Biology"');
    expect(f?.expected).toEqual(wanted);
  });

  it('reads lists-format records through result.fields', () => {
    const lists = {
      success: true,
      result: {
        fields: ok.result.fields,
        records: [
          [1, 'Algebra', 1],
          [2, 'Biology', 5],
        ],
      },
    };
    expect(rules({ records: { every: [{ field: 'level', in: [1, 2] }] } }, lists)).toEqual(['records.every[0]']);
  });

  it('shows extra array items when an error subset differs only by them', () => {
    const body = { success: false, error: { __type: 'Validation Error', limit: ['Invalid integer', 'Please enter an integer value'] } };
    const [f] = checkExpect(
      { error: { limit: ['Invalid integer'] } },
      { status: 409, body, durationMs: 1, text: '', contentType: 'application/json' },
      { rulePrefix: '', params: undefined },
    );
    expect(f?.message).toBe('does not contain the expected values: /limit/1: unexpected "Please enter an integer value"');
  });
});

describe('a status finding', () => {
  const message = (body: unknown, status: number): string | undefined =>
    checkExpect({ status: 200 }, { status, body, durationMs: 1, text: '', contentType: 'application/json' }, { rulePrefix: '', params: undefined })[0]?.message;

  it.each<[string, unknown, number, string]>([
    ['a validation error', conflict, 409, 'expected HTTP 200, got 409: Validation Error: limit: Invalid integer'],
    [
      'an unknown parameter',
      { success: false, error: { __type: 'Validation Error', __extras: ['invalid value "limt"'] } },
      409,
      'expected HTTP 200, got 409: Validation Error: __extras: invalid value "limt"',
    ],
    [
      'a message, the SQL statement left out',
      { success: false, error: { __type: 'Not Found Error', message: 'Not found: Resource "x" was not found.', info: { statement: ['SELECT 1'] } } },
      404,
      'expected HTTP 200, got 404: Not Found Error: Not found: Resource "x" was not found.',
    ],
    ['a bare string error', { success: false, error: 'Bad request - JSON Error' }, 400, 'expected HTTP 200, got 400: Bad request - JSON Error'],
    ['an HTML page', undefined, 502, 'expected HTTP 200, got 502'],
  ])('says what %s said', (_what, body, status, wanted) => {
    expect(message(body, status)).toBe(wanted);
  });
});
