import { describe, expect, it } from 'vitest';
import { countStatements } from './split.ts';

describe('countStatements', () => {
  it.each([
    ['SELECT 1', 1],
    ['SELECT 1;', 1],
    ['SELECT 1;  \n', 1],
    ['SELECT 1;;', 2],
    ['SELECT 1; DROP TABLE "x"', 2],
    [`SELECT * FROM t WHERE "author" = 'foo; bar'`, 1],
    [`SELECT 1 AS "a;b"`, 1],
    [`SELECT 'it''s; here'`, 1],
    ['SELECT 1 -- ; not a split\n', 1],
    ['SELECT 1 /* ; /* nested ; */ still ; */', 1],
    ['SELECT $$a;b$$, $tag$;$tag$', 1],
    ['SELECT $1; SELECT 2', 2],
    ['SELECT 1; -- trailing comment', 1],
    ['', 0],
    ['   ', 0],
  ])('counts %j as %i', (sql, expected) => {
    expect(countStatements(sql)).toBe(expected);
  });
});
