import { describe, expect, it } from 'vitest';
import { describeDiff, diffJson } from './json-diff.ts';
import { isDeepEqual, isSubset, toCanonicalJson } from './json.ts';
import { getAtPointer, splitPointer, toPointer } from './json-pointer.ts';

describe('diffJson', () => {
  it('lists changed, missing and extra paths in records', () => {
    const expected = [
      { _id: 1, name: 'Ada', tags: ['a'] },
      { _id: 2, name: 'Grace' },
    ];
    const actual = [{ _id: 1, name: 'Ada', tags: ['b'], extra: true }];
    expect(diffJson(expected, actual)).toEqual({
      entries: [
        { path: '/0/tags/0', kind: 'changed', expected: 'a', actual: 'b' },
        { path: '/0/extra', kind: 'extra', actual: true },
        { path: '/1', kind: 'missing', expected: { _id: 2, name: 'Grace' } },
      ],
      truncated: false,
    });
  });

  it('reports a type change at the path where it happens', () => {
    expect(diffJson({ a: [1] }, { a: { 0: 1 } }).entries).toEqual([{ path: '/a', kind: 'changed', expected: [1], actual: { 0: 1 } }]);
    expect(diffJson(2, 3).entries).toEqual([{ path: '', kind: 'changed', expected: 2, actual: 3 }]);
  });

  it('escapes pointer tokens, prefixes a path and caps the entries', () => {
    expect(diffJson({ 'a/b~': 1 }, { 'a/b~': 2 }).entries[0]?.path).toBe('/a~1b~0');
    expect(diffJson({ a: 1 }, { a: 2 }, { path: '/result' }).entries[0]?.path).toBe('/result/a');
    const many = diffJson(
      Array.from({ length: 10 }, (_, i) => i),
      [],
      { maxEntries: 3 },
    );
    expect(many.entries).toHaveLength(3);
    expect(many.truncated).toBe(true);
  });

  it('finds no difference between equal values in another key order', () => {
    expect(diffJson({ a: 1, b: [{ c: null }] }, { b: [{ c: null }], a: 1 }).entries).toEqual([]);
    expect(isDeepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });

  it('treats keys named like Object.prototype members as plain keys', () => {
    const keys = ['constructor', 'hasOwnProperty', 'toString', '__proto__', 'valueOf'];
    for (const key of keys) {
      const present = JSON.parse(`{"${key}": 1}`) as unknown;
      expect(diffJson(present, {}).entries).toEqual([{ path: `/${key}`, kind: 'missing', expected: 1 }]);
      expect(diffJson({}, present).entries).toEqual([{ path: `/${key}`, kind: 'extra', actual: 1 }]);
      expect(diffJson(present, JSON.parse(`{"${key}": 2}`)).entries).toEqual([{ path: `/${key}`, kind: 'changed', expected: 1, actual: 2 }]);
      expect(diffJson(present, {}, { subset: true }).entries).toHaveLength(1);
      expect(isDeepEqual(present, {})).toBe(false);
      expect(isDeepEqual({ a: 1 }, JSON.parse(`{"${key}": 1}`))).toBe(false);
      expect(isSubset(present, {})).toBe(false);
      expect(toCanonicalJson(present)).toBe(`{"${key}":1}`);
      expect(getAtPointer({}, `/${key}`)).toBeUndefined();
      expect(getAtPointer(present, `/${key}`)).toBe(1);
    }
  });

  it('in subset mode ignores extra object keys but compares arrays whole', () => {
    expect(diffJson({ a: 1 }, { a: 1, b: 2 }, { subset: true }).entries).toEqual([]);
    expect(diffJson({ a: { b: 1 } }, { a: { b: 2, c: 3 } }, { subset: true }).entries).toEqual([{ path: '/a/b', kind: 'changed', expected: 1, actual: 2 }]);
    expect(diffJson({ a: [{ b: 1 }] }, { a: [{ b: 1, c: 3 }] }, { subset: true }).entries).toEqual([{ path: '/a/0/c', kind: 'extra', actual: 3 }]);
  });
});

describe('describeDiff', () => {
  it('names the first paths and counts the rest', () => {
    const { entries } = diffJson({ a: 1, b: 2, c: 3, d: 4 }, { a: 2, c: 3, d: 5, e: 6 });
    expect(describeDiff(entries, 2)).toBe('/a: expected 1, got 2; /b: missing (expected 2) (+2 more)');
    expect(describeDiff(diffJson({}, { e: 6 }).entries)).toBe('/e: unexpected 6');
    expect(describeDiff(diffJson(1, 2).entries)).toBe('(root): expected 1, got 2');
  });
});

describe('JSON pointers', () => {
  it.each([
    [['result', 'records', 0], '/result/records/0'],
    [['a/b', 'c~d'], '/a~1b/c~0d'],
    [[], ''],
  ])('joins %j into %s and splits it back', (keys, pointer) => {
    expect(toPointer(keys)).toBe(pointer);
    expect(splitPointer(pointer)).toEqual(keys.map(String));
  });
});

describe('toCanonicalJson', () => {
  it('sorts keys at every depth, with integer-like keys first in numeric order, as JSON.stringify lists them', () => {
    expect(toCanonicalJson({ b: [{ z: 1, a: 2 }], a: null, 10: 'x', 2: 'y', '01': 'z' })).toBe('{"2":"y","10":"x","01":"z","a":null,"b":[{"a":2,"z":1}]}');
  });

  it('follows JSON.stringify for what has no JSON text: left out of objects, null in arrays', () => {
    expect(toCanonicalJson({ a: undefined, b: 1, c: [undefined, Number.NaN] })).toBe('{"b":1,"c":[null,null]}');
    expect(toCanonicalJson(undefined)).toBe('null');
    expect(toCanonicalJson('te"xt')).toBe('"te\\"xt"');
  });
});
