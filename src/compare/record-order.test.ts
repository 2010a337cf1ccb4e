import { describe, expect, it } from 'vitest';
import { compareSnapshots } from './compare.ts';
import { promisedOrder } from './record-order.ts';
import type { ResponseSnapshot } from './types.ts';

function search(records: unknown[], echo: Record<string, unknown> = {}): ResponseSnapshot {
  return { status: 200, body: { success: true, result: { records, total: records.length, ...echo } } };
}

const kinds = (expected: ResponseSnapshot, actual: ResponseSnapshot, distinctUnordered = false): string[] =>
  compareSnapshots(expected, actual, { distinctUnordered }).differences.map((difference) => difference.kind);

const a = { _id: 1, city: 'Paris', n: 1 };
const b = { _id: 7, city: 'Paris', n: 2 };
const c = { _id: 9, city: 'Nice', n: 3 };
const d = { _id: 4, city: 'Nice', n: 4 };

describe('promisedOrder', () => {
  it('reads the sort fields from a string or a list of clauses, quoted or not', () => {
    expect(promisedOrder({ sort: 'city desc, "n m" asc' })).toEqual({ kind: 'keys', keys: ['city', 'n m'] });
    expect(promisedOrder({ sort: ['city', 'n DESC'] })).toEqual({ kind: 'keys', keys: ['city', 'n'] });
    expect(promisedOrder({ sort: 'rating with % desc nulls last, n NULLS FIRST' })).toEqual({ kind: 'keys', keys: ['rating with %', 'n'] });
  });

  it('orders a text search by its rank columns, a distinct search without a sort not at all, else by _id', () => {
    expect(promisedOrder({ q: 'paris' })).toEqual({ kind: 'keys', keys: ['rank'] });
    expect(promisedOrder({ q: { city: 'paris' }, full_text: 'x' })).toEqual({ kind: 'keys', keys: ['rank', 'rank city'] });
    expect(promisedOrder({ distinct: true })).toEqual({ kind: 'none', selection: 'any' });
    expect(promisedOrder({ limit: 5 })).toEqual({ kind: 'strict' });
  });

  it('keeps no order for a distinct search where DISTINCT follows LIMIT; the page is promised only in a total order', () => {
    expect(promisedOrder({ distinct: true, sort: 'city asc, _id asc' }, true)).toEqual({ kind: 'none', selection: 'sorted' });
    expect(promisedOrder({ distinct: true, sort: 'city asc' }, true)).toEqual({ kind: 'none', selection: 'arbitrary' });
    expect(promisedOrder({ distinct: true }, true)).toEqual({ kind: 'none', selection: 'arbitrary' });
    expect(promisedOrder({ sort: 'city asc' }, true)).toEqual({ kind: 'keys', keys: ['city'] });
  });
});

describe('promisedOrder of a SQL result', () => {
  it.each([
    ['SELECT * FROM "t"', { kind: 'none', selection: 'any' }],
    ['SELECT a FROM "t" WHERE b = \'x\'', { kind: 'none', selection: 'any' }],
    ['SELECT a FROM "t" ORDER BY a', { kind: 'keys', keys: ['a'] }],
    ['SELECT a FROM "t" order  by a desc', { kind: 'keys', keys: ['a'] }],
    ['SELECT a FROM "t" LIMIT 5', { kind: 'none', selection: 'any' }],
    ['SELECT a FROM "t" OFFSET 2', { kind: 'none', selection: 'any' }],
  ])('reads %s as %j', (sql, order) => {
    expect(promisedOrder({ sql, records: [] })).toEqual(order);
  });

  it('compares an unordered SQL result as a multiset, and still finds a changed or missing row', () => {
    const sql = (records: unknown[]): ResponseSnapshot => ({ status: 200, body: { success: true, result: { sql: 'SELECT * FROM "t"', records } } });
    expect(kinds(sql([a, b, c]), sql([c, a, b]))).toEqual([]);
    expect(kinds(sql([a, b, c]), sql([c, a]))).not.toEqual([]);
    const ordered = (records: unknown[]): ResponseSnapshot => ({
      status: 200,
      body: { success: true, result: { sql: 'SELECT * FROM "t" ORDER BY n', records } },
    });
    expect(kinds(ordered([a, b, c]), ordered([c, a, b]))).toContain('record-order');
  });
});

describe('comparing records in the order a result promises', () => {
  it('lets records tied on the sort fields come in any order', () => {
    expect(kinds(search([c, d, a, b], { sort: 'city asc' }), search([d, c, b, a], { sort: 'city asc' }))).toEqual([]);
  });

  it('still finds records out of the sort order, and tied records moved across a sort value', () => {
    expect(kinds(search([c, d, a, b], { sort: 'city asc' }), search([a, b, c, d], { sort: 'city asc' }))).toEqual(['record-order']);
    const moved = search([c, a, d, b], { sort: 'city asc' });
    expect(kinds(search([c, d, a, b], { sort: 'city asc' }), moved)).toEqual(['record-order']);
  });

  it('compares every position when a sort field is not in the records', () => {
    const sorted = (records: unknown[]) => search(records, { sort: 'n asc' });
    const withoutN = [a, b].map(({ _id, city }) => ({ _id, city }));
    expect(kinds(sorted(withoutN), sorted([...withoutN].reverse()))).toEqual(['record-order']);
  });

  it('lets records tied in rank come in any order when the rank is among the fields', () => {
    const ranked = (records: Array<Record<string, unknown>>) => search(records, { q: 'paris' });
    const one = { _id: 1, rank: 0.07 };
    const two = { _id: 2, rank: 0.07 };
    const three = { _id: 3, rank: 0.05 };
    expect(kinds(ranked([one, two, three]), ranked([two, one, three]))).toEqual([]);
    expect(kinds(ranked([one, two, three]), ranked([three, one, two]))).toEqual(['record-order']);
    expect(kinds(search([{ _id: 1 }, { _id: 2 }], { q: 'paris' }), search([{ _id: 2 }, { _id: 1 }], { q: 'paris' }))).toEqual(['record-order']);
  });

  it('matches records without _id by content within a tie, so a reordered tie is not a change', () => {
    const noId = [a, b, c].map(({ city, n }) => ({ city, n }));
    const echo = { sort: 'city desc' };
    expect(kinds(search(noId, echo), search([noId[1], noId[0], noId[2]], echo))).toEqual([]);
    expect(kinds(search(noId, echo), search([noId[0], { city: 'Paris', n: 5 }, noId[2]], echo))).toEqual(['record-changed']);
  });

  it('accepts any members of a tie cut by the page end or start, but not another sort value there', () => {
    const page = (records: unknown[], offset = 0) => search(records, { sort: 'city desc', limit: 3, offset });
    const e = { _id: 12, city: 'Nice', n: 5 };
    expect(kinds(page([a, b, c]), page([b, a, d]))).toEqual([]);
    expect(kinds(page([c, a, b], 2), page([d, a, b], 2))).toEqual([]);
    expect(kinds(page([a, b, c]), page([a, b, { ...e, city: 'Lille' }]))).toEqual(['record-removed', 'record-added']);
    expect(kinds(page([a, c, d]), page([a, c, e]))).toEqual([]);
    expect(kinds(search([a, c, d], { sort: 'city desc', limit: 10 }), search([a, c, e], { sort: 'city desc', limit: 10 }))).toEqual([
      'record-removed',
      'record-added',
    ]);
  });

  it('compares a distinct search without a sort as a set, and a cut page of it by its length only', () => {
    expect(kinds(search([a, b, c], { distinct: true }), search([c, a, b], { distinct: true }))).toEqual([]);
    expect(kinds(search([a, b, c], { distinct: true }), search([c, a, d], { distinct: true }))).toEqual(['record-removed', 'record-added']);
    const cut = (records: unknown[]) => search(records, { distinct: true, limit: 2 });
    expect(kinds(cut([a, b]), cut([c, d]))).toEqual([]);
    expect(kinds(cut([a, b]), cut([c]))).toContain('record-removed');
    // fewer records than the limit, but fewer than the total too: the page was cut before DISTINCT (CKAN #8709)
    const short = (records: unknown[]) => ({ status: 200, body: { success: true, result: { records, total: 9, limit: 5, distinct: true } } });
    expect(kinds(short([a, b]), short([c, d]))).toEqual([]);
    expect(kinds(search([a, b], { distinct: true, limit: 5, total: 2 }), search([c, d], { distinct: true, limit: 5, total: 2 }))).toEqual([
      'record-removed',
      'record-removed',
      'record-added',
      'record-added',
    ]);
  });

  it('compares a distinct search as a set where DISTINCT follows LIMIT, still checking a page cut in a total order', () => {
    const page = (records: unknown[]) => search(records, { distinct: true, sort: 'city asc, _id asc', limit: 2 });
    expect(kinds(page([d, c]), page([c, d]), true)).toEqual([]);
    expect(kinds(page([d, c]), page([c, d]), false)).toEqual(['record-order']);
    expect(kinds(page([d, c]), page([c, a]), true)).toEqual(['record-removed', 'record-added']);
    // no total order: the LIMIT before DISTINCT may cut anywhere, so a cut page promises neither which records nor how many
    const unsorted = (records: unknown[]) => search(records, { distinct: true, limit: 5, total: 9 });
    expect(kinds(unsorted([d, c]), unsorted([a, b, c]), true)).toEqual([]);
    expect(kinds(unsorted([d, c]), unsorted([a, b, c]), false)).toContain('record-added');
  });
});
