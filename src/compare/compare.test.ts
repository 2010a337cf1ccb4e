import { describe, expect, it } from 'vitest';
import { compareSnapshots } from './compare.ts';
import type { ResponseSnapshot } from './types.ts';

const fields = [
  { id: '_id', type: 'int' },
  { id: 'city', type: 'text' },
  { id: 'n', type: 'int' },
];

function search(records: unknown, extra: Record<string, unknown> = {}): ResponseSnapshot {
  return { status: 200, body: { success: true, result: { fields, records, total: Array.isArray(records) ? records.length : 0, ...extra } } };
}

const base = [
  { _id: 1, city: 'Paris', n: 1 },
  { _id: 7, city: 'Paris', n: 2 },
  { _id: 9, city: 'Nice', n: 3 },
];

describe('compareSnapshots', () => {
  it('finds nothing between equal snapshots', () => {
    expect(compareSnapshots(search(base), search(structuredClone(base)))).toEqual({ differences: [], truncated: false });
  });

  it('names a changed record by _id with the field, old and new value', () => {
    const actual = base.map((record) => (record._id === 7 ? { ...record, city: 'Lyon' } : record));
    const { differences } = compareSnapshots(search(base), search(actual));
    expect(differences).toEqual([
      {
        kind: 'record-changed',
        path: '/result/records/1',
        key: '_id=7',
        message: 'record _id=7 changed: "city" "Paris" -> "Lyon"',
        expected: base[1],
        actual: actual[1],
        changes: [{ field: 'city', expected: 'Paris', actual: 'Lyon' }],
      },
    ]);
  });

  it('reports records added and removed by _id, the total, and a change of order', () => {
    const actual = [base[2], base[0], { _id: 10, city: 'Brest', n: 4 }];
    const kinds = compareSnapshots(search(base), search(actual)).differences.map((d) => [d.kind, d.key ?? d.path]);
    expect(kinds).toEqual([
      ['record-removed', '_id=7'],
      ['record-added', '_id=10'],
      ['record-order', '_id=9'],
    ]);
    const total = compareSnapshots(search(base), search(base.slice(0, 2))).differences.filter((d) => d.kind === 'total');
    expect(total).toEqual([{ kind: 'total', path: '/result/total', message: 'total 3 -> 2', expected: 3, actual: 2 }]);
  });

  it('matches by position when _id is missing or repeated', () => {
    const noIds = base.map(({ city, n }) => ({ city, n }));
    const { differences } = compareSnapshots(search(noIds), search([noIds[0], { city: 'X', n: 2 }]));
    expect(differences.map((d) => [d.kind, d.key])).toEqual([
      ['total', undefined],
      ['record-changed', '#1'],
      ['record-removed', '#2'],
    ]);
  });

  it('compares list records by field name and csv records line by line', () => {
    const lists = compareSnapshots(search([[1, 'Paris', 1]]), search([[1, 'Paris', 5]])).differences;
    expect(lists.map((d) => d.message)).toEqual(['record _id=1 changed: "n" 1 -> 5']);
    const csv = compareSnapshots(search('1,Paris,1\n2,Nice,2\n'), search('1,Paris,1\n2,Nice,3\n')).differences;
    expect(csv.map((d) => [d.kind, d.key, d.message])).toEqual([['record-changed', '#1', 'record #1 changed: "2,Nice,2" -> "2,Nice,3"']]);
  });

  it('reports fields added, removed, changed in type, and reordered', () => {
    const other = {
      status: 200,
      body: {
        success: true,
        result: {
          fields: [
            { id: 'city', type: 'int' },
            { id: '_id', type: 'int' },
            { id: 'm', type: 'text' },
          ],
          records: [],
          total: 0,
        },
      },
    };
    const { differences } = compareSnapshots(search([]), other);
    expect(differences.map((d) => d.message)).toEqual([
      'field "city" changed: type "text" -> "int"',
      'field "n" (int) removed',
      'field "m" (text) added',
      'fields in another order: ["_id","city"] -> ["city","_id"]',
    ]);
  });

  it('reports status, success and error changes, and the rest of the body path by path', () => {
    const error = (type: string): ResponseSnapshot => ({ status: 409, body: { success: false, error: { __type: type, message: 'm' }, extra: 1 } });
    const fromSearch = compareSnapshots(search(base), error('Validation Error')).differences;
    expect(fromSearch.map((d) => d.kind)).toEqual(['status', 'success', 'error', 'body', 'body']);
    expect(fromSearch[0]?.message).toBe('status 200 -> 409');
    const between = compareSnapshots(error('Validation Error'), error('Not Found Error')).differences;
    expect(between).toEqual([
      {
        kind: 'error',
        path: '/error/__type',
        message: '/error/__type "Validation Error" -> "Not Found Error"',
        expected: 'Validation Error',
        actual: 'Not Found Error',
      },
    ]);
    const limit = compareSnapshots(search(base, { limit: 100 }), search(base, { limit: 10, sql: 'x' })).differences;
    expect(limit.map((d) => d.message)).toEqual(['/result/limit 100 -> 10', '/result/sql added: "x"']);
  });

  it('compares non-JSON bodies whole', () => {
    expect(compareSnapshots({ status: 404, body: 'a' }, { status: 404, body: 'b' }).differences).toEqual([
      { kind: 'body', path: '', message: 'body "a" -> "b"', expected: 'a', actual: 'b' },
    ]);
  });

  it('caps the differences and says so', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ _id: i, city: 'a', n: i }));
    const changed = many.map((record) => ({ ...record, city: 'b' }));
    const { differences, truncated } = compareSnapshots(search(many), search(changed), { maxDifferences: 10 });
    expect(differences).toHaveLength(10);
    expect(truncated).toBe(true);
  });

  it('treats hostile keys as data', () => {
    const a: unknown = JSON.parse('{"success":true,"result":{"records":[{"_id":"__proto__","constructor":1}],"__proto__":{"x":1}}}');
    const b: unknown = JSON.parse('{"success":true,"result":{"records":[{"_id":"__proto__","constructor":2}],"__proto__":{"x":2}}}');
    const messages = compareSnapshots({ status: 200, body: a }, { status: 200, body: b }).differences.map((d) => d.message);
    expect(messages).toEqual(['record _id=__proto__ changed: "constructor" 1 -> 2', '/result/__proto__/x 1 -> 2']);
  });
});
