// parseSource: the data of a YAML or JSON file and the line:col of any JSON pointer in it, for messages.
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../src/catalogue/index.ts';

describe('parseSource', () => {
  it.each([
    ['a block value', 'cases:\n  - id: a\n    x: 1\n', '/cases/0/x', false, '3:8'],
    ['a block key', 'cases:\n  - id: a\n    x: 1\n', '/cases/0/x', true, '3:5'],
    ['a sequence item', 'cases:\n  - id: a\n  - id: b\n', '/cases/1', false, '3:5'],
    ['a flow mapping value', 'cases: [{id: a, x: 1}, {id: b}]\n', '/cases/1/id', false, '1:29'],
    ['a JSON value', '{"cases": [{"id": "a", "x": [1,2]}]}', '/cases/0/x/1', false, '1:32'],
    ['a value on the next line', 'cases:\n  - id:\n      a\n', '/cases/0/id', false, '3:7'],
    ['a value after CRLF line ends', 'cases:\r\n  - id: a\r\n    q: b\r\n', '/cases/0/q', false, '3:8'],
    ['a key with a slash (escaped ~1)', 'a/b: 1\n', '/a~1b', true, '1:1'],
  ])('places %s', (_name, text, pointer, key, expected) => {
    const source = parseSource(text, 'f.yaml');
    expect(source.problems).toEqual([]);
    const { line, column } = source.locate(pointer, key);
    expect(`${line}:${column}`).toBe(expected);
  });

  it('reads YAML 1.2 core scalars, anchors, a byte order mark and JSON as data', () => {
    expect(parseSource('n: 0x1F\no: 0o17\nt: True\ne: ""\nm: <<\n', 'f.yaml').data).toEqual({ n: 31, o: 15, t: true, e: '', m: '<<' });
    expect(parseSource('a: &x 1\nb: *x\n', 'f.yaml').data).toEqual({ a: 1, b: 1 });
    expect(parseSource('\ufeffx: 1\n', 'f.yaml').data).toEqual({ x: 1 });
    expect(parseSource('{"x": [1, null]}', 'f.json').data).toEqual({ x: [1, null] });
    expect(parseSource('', 'f.yaml').data).toBeNull();
  });

  it('reports a duplicate key, several documents and a syntax error with their lines', () => {
    expect(parseSource('a: 1\na: 2\n', 'f.yaml').problems).toEqual([
      expect.objectContaining({ file: 'f.yaml', line: 2, column: 1, message: expect.stringContaining('Map keys must be unique') }),
    ]);
    expect(parseSource('x: 1\n---\ny: 2\n', 'f.yaml').problems).toEqual([expect.objectContaining({ line: 2 })]);
    expect(parseSource('cases:\n  - id: a\n  x: [1\n', 'f.yaml').problems.length).toBeGreaterThan(0);
  });

  it('places a missing path at its deepest existing ancestor and an empty value just after its colon', () => {
    const text = 'cases:\n  - id: a\n    empty:\n    next: 1\n';
    const source = parseSource(text, 'f.yaml');
    expect(source.locate('/cases/0/empty')).toEqual({ line: 3, column: 11 });
    expect(source.locate('/cases/0/missing/deeper')).toEqual({ line: 2, column: 5 });
    expect(source.locate('/cases/3')).toEqual({ line: 2, column: 3 });
  });
});
