import { describe, expect, it } from 'vitest';
import { parseSortClause, splitNameList, validateColumns, type FieldInfo } from './columns.ts';
import type { SearchParams } from './params.ts';

const columns = new Map<string, FieldInfo>(
  [
    ['_id', 'int'],
    ['title', 'text'],
    ['the year', 'int4'],
    ['bük', 'text'],
    ['rating with %', 'numeric'],
  ].map(([id = '', type = '']) => [id, { id, type }]),
);

const base: SearchParams = { resourceId: 'r', limit: 100, includeTotal: true, totalEstimationThreshold: null, recordsFormat: 'objects' };

describe('splitNameList', () => {
  it.each([
    ['a, b ,c', true, ['a', 'b', 'c']],
    ['"a b", c', true, ['a b', 'c']],
    ['', true, []],
    ['a,,b', true, ['a', '', 'b']],
    [['"x"', ' y '], true, ['x', 'y']],
    [[' "x" '], true, ['x']],
    [['"x" '], true, ['"x" ']],
    ['"a" asc, b desc', false, ['"a" asc', 'b desc']],
  ])('%j (strip quotes %j) → %j', (value, strip, expected) => {
    expect(splitNameList(value, strip)).toEqual(expected);
  });
});

describe('parseSortClause', () => {
  it.each([
    ['title', { column: 'title', direction: 'asc' }],
    ['title DESC', { column: 'title', direction: 'desc' }],
    ['"title" asc', { column: 'title', direction: 'asc' }],
    ['the year desc', { column: 'the year', direction: 'desc' }],
    ['the year', { column: 'the year', direction: 'asc' }],
    ['title nulls first', { column: 'title', direction: 'asc nulls first' }],
    ['title desc NULLS   LAST ', { column: 'title', direction: 'desc nulls   last ' }],
    ['rating with % desc', { column: 'rating with %', direction: 'desc' }],
    ['_id', { column: '_id', direction: 'asc' }],
  ])('%j → %j', (clause, expected) => {
    expect(parseSortClause(clause, columns)).toEqual(expected);
  });

  it.each(['füü asc', 'title sideways', '', 'title asc ', '_full_text', 'rank', 'title  nulls first'])('rejects %j', (clause) => {
    expect(parseSortClause(clause, columns)).toBeUndefined();
  });
});

describe('validateColumns', () => {
  it.each<[Partial<SearchParams>, Record<string, string[]> | undefined]>([
    [{ fields: 'title, the year' }, undefined],
    [{ fields: 'title, nope' }, { fields: ['invalid value "nope"'] }],
    [{ fields: ['_full_text'] }, { fields: ['invalid value "_full_text"'] }],
    [{ fields: 'rank' }, { fields: ['invalid value "rank"'] }],
    [{ fields: 'rank', q: 'x' }, undefined],
    [{ fields: 'rank title', q: { title: 'x' } }, undefined],
    [{ fields: 'rank', q: { title: 'x' } }, { fields: ['invalid value "rank"'] }],
    [{ fields: 'rank', fullText: 'x' }, { fields: ['invalid value "rank"'] }],
    [{ filters: { title: 'a', bad: 1, worse: 2 } }, { filters: ['invalid value "bad"'] }],
    [{ filters: { _full_text: 'a' } }, { filters: ['invalid value "_full_text"'] }],
    [{ offset: -1 }, { offset: ['invalid value "-1"'] }],
    [{ offset: 0 }, undefined],
    [{ q: { title: 'x', nope: 'y' } }, { q: ['invalid value "nope"'] }],
    [{ q: { title: 5 } }, { q: ['invalid value "title"'] }],
    [{ sort: 'title, füü asc' }, { sort: ['invalid value "füü asc"'] }],
    [{ sort: 'title,' }, { sort: ['invalid value ""'] }],
    [{ sort: ['title desc', 'rank'] }, { sort: ['invalid value "rank"'] }],
    [{ sort: '' }, undefined],
    [{ fields: 'nope', filters: { bad: 1 }, sort: 'bad' }, { fields: ['invalid value "nope"'] }],
    [{ filters: { bad: 1 }, offset: -2, sort: 'bad' }, { filters: ['invalid value "bad"'] }],
    [{ offset: -2, q: { bad: 'x' }, sort: 'bad' }, { offset: ['invalid value "-2"'] }],
    [{ q: { bad: 'x' }, sort: 'bad' }, { q: ['invalid value "bad"'] }],
  ])('%j → %j', (params, expected) => {
    expect(validateColumns({ ...base, ...params }, columns)).toEqual(expected);
  });
});
