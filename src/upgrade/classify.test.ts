import { describe, expect, it } from 'vitest';
import type { DifferenceRecord } from '../schema/baseline.ts';
import type { PairResult } from '../schema/diff-report.ts';
import { classifyPair } from './classify.ts';

function pair(differences: DifferenceRecord[], outcome: PairResult['outcome'] = 'differ'): PairResult {
  return { id: 'p', request: 'GET datastore_search {}', outcome, rules: [], differences, a: { curl: '', status: 200 }, b: { curl: '', status: 200 } };
}
const kindsOf = (p: PairResult) => classifyPair(p).map((c) => `${c.kind}: ${c.what}`);

describe('classifyPair', () => {
  it.each([
    ['a key removed', [{ kind: 'body', path: '/result/_links', message: '', expected: { start: '/x' } }], ['key-removed: /result/_links']],
    ['a key added', [{ kind: 'body', path: '/result/next_page', message: '', actual: { _id: { gt: 5 } } }], ['key-added: /result/next_page']],
    ['a value changed in a list', [{ kind: 'body', path: '/result/filters/2/x', message: '', expected: 1, actual: 2 }], ['value-changed: /result/filters/*/x']],
    ['a null that became a value', [{ kind: 'body', path: '/result/limit', message: '', expected: null, actual: 100 }], ['value-changed: /result/limit']],
    ['the whole body', [{ kind: 'body', path: '', message: '', expected: 'Bad request - x', actual: 'Bad request: x' }], ['body: the whole body']],
    ['the error message', [{ kind: 'error', path: '/error/message', message: '', expected: 'a', actual: 'b' }], ['error-message: /error/message']],
    [
      'the members of the error that changed, as one change',
      [
        { kind: 'error', path: '/error/info/statement/0', message: '', expected: 'a', actual: 'b' },
        { kind: 'error', path: '/error/info/params/0', message: '', expected: [], actual: {} },
        { kind: 'error', path: '/error/sort', message: '', actual: ['x'] },
      ],
      ['error-message: /error/info, /error/sort'],
    ],
    ['the total', [{ kind: 'total', path: '/result/total', message: '', expected: 3, actual: 4 }], ['total: total']],
    [
      'a field type and its info',
      [
        {
          kind: 'field-changed',
          path: '/result/fields/2',
          message: '',
          expected: { id: 'fee', type: 'numeric' },
          actual: { id: 'fee', type: 'float8', info: {} },
        },
      ],
      ['field-types: "numeric" -> "float8"', 'fields: field info changed'],
    ],
    [
      'a field added',
      [{ kind: 'field-added', path: '/result/fields/5', message: '', actual: { id: '_full_text', type: 'tsvector' } }],
      ['fields: added "_full_text"'],
    ],
  ] satisfies Array<[string, DifferenceRecord[], string[]]>)('names %s', (_name, differences, expected) => {
    expect(kindsOf(pair(differences))).toEqual(expected);
  });

  it('makes the records of a page one change: which fields changed, other records, another order', () => {
    const differences: DifferenceRecord[] = [
      { kind: 'record-changed', path: '/result/records/0', key: '_id=1', message: '', changes: [{ field: 'updated', expected: 'a', actual: 'b' }] },
      { kind: 'record-changed', path: '/result/records/1', key: '_id=2', message: '', changes: [{ field: 'fee', expected: '1', actual: 1 }] },
      { kind: 'record-removed', path: '/result/records/4', key: '_id=5', message: '' },
      { kind: 'record-order', path: '/result/records', key: '_id=3', message: '' },
    ];
    const [change, ...rest] = classifyPair(pair(differences));
    expect(rest).toEqual([]);
    expect(change).toMatchObject({ kind: 'records', what: 'other records; values of fee, updated; another order' });
    expect(change?.differences).toHaveLength(4);
  });

  it('takes a new status as one change that holds every difference of the answer', () => {
    const differences: DifferenceRecord[] = [
      { kind: 'status', path: '', message: '', expected: 409, actual: 200 },
      { kind: 'success', path: '/success', message: '', expected: false, actual: true },
      { kind: 'body', path: '/result', message: '', actual: {} },
    ];
    expect(classifyPair(pair(differences))).toEqual([{ kind: 'status', what: '409 -> 200', differences }]);
  });

  it('names the side that gave no answer, and nothing for a pair that agreed or that neither side answered', () => {
    const closed = { curl: '', error: '[POST] "http://x/zz/api/action/datastore_search": other side closed' };
    expect(kindsOf({ ...pair([], 'error'), b: closed })).toEqual(['no-answer: no answer from B']);
    expect(classifyPair({ ...pair([], 'error'), a: closed, b: closed })).toEqual([]);
    expect(classifyPair(pair([], 'agree'))).toEqual([]);
  });
});
