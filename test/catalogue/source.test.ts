// parseSource's two parsers: js-yaml's fast parse must give the same data and the same positions as the `yaml`
// parse of record, and leave to it every file it cannot read the same way.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { parseSource } from '../../src/catalogue/index.ts';
import { parseFast } from '../../src/catalogue/fast-source.ts';
import { escapePointerToken } from '../../src/util/json-pointer.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** What the `yaml` parse alone says: the data, and where every pointer (value and key) starts. */
function recordOf(text: string): { data: unknown; positions: Map<string, string> } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const positions = new Map<string, string>();
  const at = (node: Node | null | undefined): string | undefined => {
    const offset = node?.range?.[0];
    if (offset === undefined) return undefined;
    const { line, col } = lines.linePos(offset);
    return `${line}:${col}`;
  };
  const walk = (node: unknown, pointer: string): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        // why: only scalar keys, as case files have
        const key = `${pointer}/${escapePointerToken(String((pair.key as { value?: unknown } | null)?.value))}`;
        const keyAt = at(pair.key as Node);
        const valueAt = at(pair.value as Node) ?? keyAt;
        if (valueAt !== undefined) positions.set(`${key} value`, valueAt);
        if (keyAt !== undefined) positions.set(`${key} key`, keyAt);
        walk(pair.value, key);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const itemAt = at(item as Node);
        if (itemAt !== undefined) positions.set(`${pointer}/${i} value`, itemAt).set(`${pointer}/${i} key`, itemAt);
        walk(item, `${pointer}/${i}`);
      });
    }
  };
  walk(doc.contents, '');
  return { data: doc.errors.length > 0 ? undefined : doc.toJS(), positions };
}

function expectSameAsRecord(text: string): void {
  const source = parseSource(text, 'f.yaml');
  const record = recordOf(text);
  expect(source.problems).toEqual([]);
  expect(source.data).toEqual(record.data);
  expect(record.positions.size).toBeGreaterThan(0);
  for (const [name, position] of record.positions) {
    const pointer = name.slice(0, name.lastIndexOf(' '));
    const found = source.locate(pointer, name.endsWith(' key'));
    expect(`${name} ${found.line}:${found.column}`).toBe(`${name} ${position}`);
  }
}

const LAYOUTS: Record<string, string> = {
  block: 'cases:\n  - id: a\n    x: 1\n',
  'wide dash': 'cases:\n-   id: a\n    x: 1\n',
  'comment before the first key': 'cases:\n  -\n    # c\n    id: a\n',
  'comment after the dash': 'cases:\n  - # c\n    id: "a"\n',
  flow: 'cases: [{id: a, x: 1}, {id: b}]\n',
  'flow over lines': 'cases:\n  - {id: a,\n     x: 1}\n',
  'block sequence of flow mappings': 'cases:\n  - { id: a, fields: [{ id: _id }, { id: x }] }\n  - {id: b}\n',
  json: '{"cases": [{"id": "a", "x": [1,2]}, {"id": "b", "y": null}]}',
  'block scalars': 'cases:\n  - id: >\n      folded\n    z: |\n      lit\n',
  'explicit key': 'cases:\n  - ? id\n    : a\n',
  'CRLF line ends': 'cases:\r\n  - id: a\r\n    q: b\r\n',
  'value on the next line': 'cases:\n  - id:\n      a\n',
  'YAML 1.2 core scalars': 'cases:\n  - id: a\n    n: 0x1F\n    o: 0o17\n    f: .inf\n    t: True\n    d: 2020-01-01\n    e: ""\n',
  'quoted keys': 'cases:\n  - id: a\n    "quoted key": 1\n    \'single\': 2\n',
  'merge key is a plain key in YAML 1.2': 'cases:\n- id: a\n  <<: {b: 1}\n',
  'comments after values': 'x: 1 # comment\ny: #c\n  2\n',
  'nested sequences': 'x:\n  - - a\n    - b\n',
  'SQL with operators': "cases:\n  - id: a\n    sql: SELECT * FROM t WHERE a != 1 AND b LIKE '%x%'\n",
};

describe('parseSource', () => {
  it.each(Object.entries(LAYOUTS))('reads %s as the yaml parse does, data and positions', (_name, text) => {
    expectSameAsRecord(text);
  });

  it("reads the repository's case and profile files as the yaml parse does", () => {
    const files = ['cases', 'profiles'].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.(ya?ml|json)$/.test(name))
        .map((name) => join(root, dir, name)),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expectSameAsRecord(readFileSync(file, 'utf8'));
  });

  it('takes plain files from the fast parse, and leaves anchors, tags, a byte order mark and errors to the yaml parse', () => {
    expect(parseFast(LAYOUTS['block'] ?? '')).toBeDefined();
    for (const text of ['a: &x 1\nb: *x\n', 'x: !!str 1\n', '\ufeffx: 1\n', 'a: 1\na: 2\n', 'x: 1\n---\ny: 2\n', 'x: [1, 2\n']) {
      expect(parseFast(text)).toBeUndefined();
    }
    expect(parseSource('a: &x 1\nb: *x\n', 'f.yaml').data).toEqual({ a: 1, b: 1 });
    expect(parseSource('\ufeffx: 1\n', 'f.yaml').data).toEqual({ x: 1 });
    for (const text of ['', '# only a comment\n', '---\n', '42\n', '[a, b]: x\n', 'm:\n  ? {k: 1}\n  : v\n']) {
      expect(parseSource(text, 'f.yaml').data).toEqual(recordOf(text).data);
    }
  });

  it('keeps the yaml parse messages and positions for broken files', () => {
    expect(parseSource('a: 1\na: 2\n', 'f.yaml').problems).toEqual([
      expect.objectContaining({ file: 'f.yaml', line: 2, column: 1, message: expect.stringContaining('Map keys must be unique') }),
    ]);
    expect(parseSource('cases:\n  - id: a\n  x: [1\n', 'f.yaml').problems.length).toBeGreaterThan(0);
  });

  it('places a missing path and an empty value where the yaml parse does', () => {
    const text = 'cases:\n  - id: a\n    empty:\n    next: 1\n';
    const source = parseSource(text, 'f.yaml');
    // `yaml` gives an empty value a place of its own, just after the colon
    expect(source.locate('/cases/0/empty')).toEqual({ line: 3, column: 11 });
    expect(source.locate('/cases/0/missing/deeper')).toEqual({ line: 2, column: 5 });
    expect(source.locate('/cases/3')).toEqual({ line: 2, column: 3 });
  });
});
