import { describe, expect, it } from 'vitest';
import { diffValues, isDeepEqual } from './diff.ts';

describe('diffValues', () => {
  it('lists changed, missing and extra paths in records', () => {
    const expected = [{ _id: 1, name: 'Ada', tags: ['a'] }, { _id: 2, name: 'Grace' }];
    const actual = [{ _id: 1, name: 'Ada', tags: ['b'], extra: true }];
    expect(diffValues(expected, actual)).toEqual({
      entries: [
        { path: '/0/tags/0', kind: 'changed', expected: 'a', actual: 'b' },
        { path: '/0/extra', kind: 'extra', actual: true },
        { path: '/1', kind: 'missing', expected: { _id: 2, name: 'Grace' } },
      ],
      truncated: false,
    });
  });

  it('reports a type change at the path where it happens', () => {
    expect(diffValues({ a: [1] }, { a: { 0: 1 } }).entries).toEqual([{ path: '/a', kind: 'changed', expected: [1], actual: { 0: 1 } }]);
    expect(diffValues(2, 3).entries).toEqual([{ path: '', kind: 'changed', expected: 2, actual: 3 }]);
  });

  it('escapes pointer tokens and caps the entries', () => {
    expect(diffValues({ 'a/b~': 1 }, { 'a/b~': 2 }).entries[0]?.path).toBe('/a~1b~0');
    const many = diffValues(Array.from({ length: 10 }, (_, i) => i), [], { maxEntries: 3 });
    expect(many.entries).toHaveLength(3);
    expect(many.truncated).toBe(true);
  });

  it('finds no difference between equal values in another key order', () => {
    expect(diffValues({ a: 1, b: [{ c: null }] }, { b: [{ c: null }], a: 1 }).entries).toEqual([]);
    expect(isDeepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});
