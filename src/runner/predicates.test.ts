import { describe, expect, it } from 'vitest';
import { compilePredicate, likeToRegExp } from './predicates.ts';

describe('likeToRegExp', () => {
  it.each([
    ['Sci%', 'Science', true],
    ['Sci%', 'science', false],
    ['%ence', 'Science', true],
    ['S_ience', 'Science', true],
    ['S_ience', 'Sciience', false],
    ['100\\%', '100%', true],
    ['100\\%', '1000', false],
    ['a.c', 'abc', false],
    ['%', '', true],
    ['a%b', 'a\nb', true],
  ])('%s on %j gives %s', (pattern, text, wanted) => {
    expect(likeToRegExp(pattern).test(text)).toBe(wanted);
  });
});

describe('compilePredicate', () => {
  const record = { title: 'Intro to Physics', level: 3, code: 'PHY-101', note: null };
  it.each([
    [{ field: 'level', equals: 3 }, true],
    [{ field: 'level', equals: '3' }, true],
    [{ field: 'level', equals: 4 }, false],
    [{ field: 'level', in: [1, 2, 3] }, true],
    [{ field: 'level', in: ['1', '2'] }, false],
    [{ field: 'title', contains: 'PHYSICS' }, true],
    [{ field: 'title', contains: 'chem' }, false],
    [{ contains: 'phy-1' }, true],
    [{ contains: 'nowhere' }, false],
    [{ field: 'code', like: 'PHY-%' }, true],
    [{ field: 'code', like: 'phy-%' }, false],
    [{ field: 'code', matches: '^[A-Z]{3}-\\d+$' }, true],
    [{ field: 'note', notNull: true }, false],
    [{ field: 'note', notNull: false }, true],
    [{ field: 'missing', notNull: true }, false],
    [{ field: 'note', contains: 'x' }, false],
    [{ field: 'code', like: 'PHY%', contains: '101' }, true],
    [{ field: 'code', like: 'PHY%', contains: '102' }, false],
  ])('%j on the record gives %s', (predicate, wanted) => {
    expect(compilePredicate(predicate)(record)).toBe(wanted);
  });

  it('rejects an invalid regular expression when compiled', () => {
    expect(() => compilePredicate({ matches: '(' })).toThrow();
  });
});
