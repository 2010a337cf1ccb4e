import { afterEach, describe, expect, it } from 'vitest';
import { InputError, KitErrorCode } from '../../src/errors.ts';
import { loadCatalogue } from '../../src/catalogue/index.ts';
import { caseYaml, errorLines, writeTree } from './helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((remove) => remove()));
});

async function tree(files: Record<string, string>): Promise<string> {
  const { dir, remove } = await writeTree(files);
  cleanups.push(remove);
  return dir;
}

const CASE = `cases:
  - id: search/limit
    title: Limit caps the records
    spec: ["api.md#4.1"]
    class: search.core
    request:
      action: datastore_search
      params: { resource_id: x, limit: 3 }
    expect: { status: 200 }
`;

describe('loadCatalogue', () => {
  it.each([
    [
      'a YAML syntax error, at its line:col',
      { 'q.yaml': 'cases:\n  - id: a\n    title: b\n      nested: 1\n' },
      ['q.yaml:3:12 YAML syntax error: Nested mappings are not allowed in compact mappings (E_CASE_INVALID)'],
    ],
    [
      'a value outside a union of literals',
      { 'q.yaml': CASE.replace('action: datastore_search', 'action: datastore_search\n      method: PUT') },
      ['q.yaml:8:15 [search/limit] /request/method must be one of GET, POST (E_CASE_INVALID)'],
    ],
    [
      'an unknown field, at its key',
      { 'q.yaml': CASE.replace('      params:', '      reqest: 1\n      params:') },
      ['q.yaml:8:7 [search/limit] /request unknown field "reqest" (E_CASE_INVALID)'],
    ],
    [
      'an unknown field near a known one, with the known one',
      { 'q.yaml': CASE.replace('      params:', '      parms:') },
      ['q.yaml:8:7 [search/limit] /request unknown field "parms" (did you mean params?) (E_CASE_INVALID)'],
    ],
    [
      "a misspelt case key, with the case's key it is nearest to",
      { 'q.yaml': CASE.replace('    expect: { status: 200 }', '    expect: { status: 200 }\n    tgas: [smoke]') },
      ['q.yaml:10:5 [search/limit] unknown field "tgas" (did you mean tags?) (E_CASE_INVALID)'],
    ],
    [
      'a missing required property, at the case',
      { 'q.yaml': CASE.replace('    expect: { status: 200 }\n', '') },
      ["q.yaml:2:5 [search/limit] must have required property 'expect' (E_CASE_INVALID)"],
    ],
    [
      'a wrong type',
      { 'q.yaml': CASE.replace('status: 200', 'status: "200"') },
      ['q.yaml:9:23 [search/limit] /expect/status must be integer (E_CASE_INVALID)'],
    ],
    [
      'a value that fits no branch of a union of shapes',
      { 'q.yaml': CASE.replace('status: 200', 'total: many') },
      ['q.yaml:9:22 [search/limit] /expect/total must be integer or object (E_CASE_INVALID)'],
    ],
    [
      'a bad locale (string pattern or null)',
      { 'q.yaml': CASE.replace('action: datastore_search', 'action: datastore_search\n      locale: FR') },
      ['q.yaml:8:15 [search/limit] /request/locale must be a string matching ^[a-z]{2,3}(_[A-Za-z]{2,4})?$ or null (E_CASE_INVALID)'],
    ],
    [
      'a bad item inside a list of unions',
      { 'q.yaml': CASE.replace('    request:', '    variants: { locale: [null, fr, "en-GB"] }\n    request:') },
      ['q.yaml:6:36 [search/limit] /variants/locale/2 must be a string matching ^[a-z]{2,3}(_[A-Za-z]{2,4})?$ or null (E_CASE_INVALID)'],
    ],
    [
      'a value outside an enum-like union deep inside expect',
      { 'q.yaml': CASE.replace('status: 200', 'records: { sortedBy: [{ field: title, direction: up }] }') },
      ['q.yaml:9:64 [search/limit] /expect/records/sortedBy/0/direction must be one of asc, desc (E_CASE_INVALID)'],
    ],
    [
      'duplicate ids in one file',
      { 'q.yaml': `cases:\n${caseYaml('same')}\n${caseYaml('same')}\n` },
      [
        'q.yaml:2:9 [same] /id duplicate case id (also at q.yaml:8:9) (E_CASE_INVALID)',
        'q.yaml:8:9 [same] /id duplicate case id (also at q.yaml:2:9) (E_CASE_INVALID)',
      ],
    ],
    [
      'a typo in a variable namespace',
      { 'q.yaml': CASE.replace('resource_id: x', 'resource_id: "${resource.courses}"') },
      [
        'q.yaml:8:30 [search/limit] /request/params/resource_id "${resource.courses}" uses unknown namespace "resource" (use resources, values or env) (E_CASE_INVALID)',
      ],
    ],
    [
      'a typo in a variable in a key, at the key',
      { 'q.yaml': CASE.replace('limit: 3 }', 'limit: 3, filters: { "${value.field}": x } }') },
      [
        'q.yaml:8:54 [search/limit] /request/params/filters key "${value.field}" uses unknown namespace "value" (use resources, values or env) (E_CASE_INVALID)',
      ],
    ],
    [
      'a bad variable name',
      { 'q.yaml': CASE.replace('resource_id: x', 'resource_id: "${resources.a.b}"') },
      ['q.yaml:8:30 [search/limit] /request/params/resource_id "${resources.a.b}" has a bad name (expected ${resources.NAME}) (E_CASE_INVALID)'],
    ],
    [
      'a bad regular expression in matches',
      { 'q.yaml': CASE.replace('status: 200', 'records: { every: [{ field: title, matches: "(a" }] }') },
      ['q.yaml:9:59 [search/limit] /expect/records/every/0/matches is not a valid regular expression: Unterminated group (E_CASE_INVALID)'],
    ],
    [
      'a bad regular expression in bodyMatches',
      { 'q.yaml': CASE.replace('status: 200', 'bodyMatches: "cb("') },
      ['q.yaml:9:28 [search/limit] /expect/bodyMatches is not a valid regular expression: Unterminated group (E_CASE_INVALID)'],
    ],
    [
      'a bad regular expression in resultMatches',
      { 'q.yaml': CASE.replace('status: 200', 'resultMatches: [{ key: ckan_version, matches: "2.(" }]') },
      ['q.yaml:9:61 [search/limit] /expect/resultMatches/0/matches is not a valid regular expression: Unterminated group (E_CASE_INVALID)'],
    ],
    [
      'a problem outside any case, with a document pointer',
      { 'q.yaml': `defaults: { tags: [a], colour: red }\n${CASE}` },
      ['q.yaml:1:24 /defaults unknown field "colour" (E_CASE_INVALID)'],
    ],
    [
      'a case without an id, by its index',
      { 'q.yaml': CASE.replace('  - id: search/limit\n    title', '  - title') },
      ["q.yaml:2:5 /cases/0 must have required property 'id' (E_CASE_INVALID)"],
    ],
    ['a file without cases', { 'q.yaml': 'cases: []\n' }, ['q.yaml:1:8 /cases must have at least 1 item (E_CASE_INVALID)']],
    ['an empty file', { 'q.yaml': '' }, ['q.yaml:1:1 must be object (E_CASE_INVALID)']],
    [
      'duplicate ids across files, at both places',
      { 'a/one.yaml': `cases:\n${caseYaml('dup')}\n`, 'b/two.yaml': `cases:\n${caseYaml('ok')}\n${caseYaml('dup')}\n` },
      [
        'a/one.yaml:2:9 [dup] /id duplicate case id (also at b/two.yaml:8:9) (E_CASE_INVALID)',
        'b/two.yaml:8:9 [dup] /id duplicate case id (also at a/one.yaml:2:9) (E_CASE_INVALID)',
      ],
    ],
    [
      'a JSON file, with positions',
      { 'q.json': '{\n  "cases": [\n    { "id": "j", "title": "t", "spec": ["s"], "class": "q",\n      "request": { "action": 1 }, "expect": {} }\n  ]\n}\n' },
      ['q.json:4:30 [j] /request/action must be string (E_CASE_INVALID)'],
    ],
  ])('reports %s', async (_name, files, expected) => {
    const dir = await tree(files);
    expect(await errorLines(() => loadCatalogue(dir), dir)).toEqual(expected);
  });

  it('reports every problem of every file in one InputError', async () => {
    const dir = await tree({
      'a.yaml': CASE.replace('status: 200', 'status: "200"'),
      'b.yaml': 'cases: [',
      'c.json': '{"cases": [{"id": "c"}]}',
    });
    const error = await loadCatalogue(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    if (!(error instanceof InputError)) return;
    expect(error.code).toBe(KitErrorCode.caseInvalid);
    expect(error.problems.map((p) => p.file.slice(dir.length + 1))).toEqual(['a.yaml', 'b.yaml', 'c.json', 'c.json', 'c.json', 'c.json', 'c.json']);
  });

  it('loads YAML and JSON files, merging file defaults into each case', async () => {
    const dir = await tree({
      'search/q.yaml': `defaults:\n  tags: [search]\n  needs: [sql]\n  variants: { method: [GET, POST] }\ncases:\n${caseYaml('s/one', '    tags: [smoke, search]\n    variants: { locale: [null, fr] }')}\n`,
      'plain.json': JSON.stringify({ cases: [{ id: 'j/one', title: 'J', spec: ['x'], class: 'q', request: { action: 'a' }, expect: {} }] }),
      'case.schema.json': '{"not": "a case file"}',
      '.hidden/x.yaml': 'not: valid',
      'COVERAGE.md': '# not a case',
    });
    const catalogue = await loadCatalogue(dir);
    expect(catalogue.root).toBe(dir);
    expect(catalogue.cases.map((c) => [c.file, c.line, c.column, c.case.id])).toEqual([
      ['plain.json', 1, 11, 'j/one'],
      ['search/q.yaml', 6, 5, 's/one'],
    ]);
    const merged = catalogue.cases[1]?.case;
    expect(merged?.tags).toEqual(['search', 'smoke']);
    expect(merged?.needs).toEqual(['sql']);
    expect(merged?.variants).toEqual({ method: ['GET', 'POST'], locale: [null, 'fr'] });
  });

  it('loads a single case file given by path', async () => {
    const dir = await tree({ 'one.yaml': CASE, 'other.yaml': 'broken: [' });
    const catalogue = await loadCatalogue(`${dir}/one.yaml`);
    expect(catalogue.cases.map((c) => c.file)).toEqual(['one.yaml']);
  });

  it('resolves a relative location against cwd and shows it as given', async () => {
    const dir = await tree({ 'cases/q.yaml': CASE.replace('status: 200', 'status: "200"') });
    await expect(loadCatalogue('cases', { cwd: dir })).rejects.toThrow(
      /^cases\/q\.yaml:9:23 \[search\/limit\] \/expect\/status must be integer \(E_CASE_INVALID\)$/,
    );
  });

  it('gives an empty catalogue for a folder without case files', async () => {
    const dir = await tree({ 'README.md': '# none' });
    expect((await loadCatalogue(dir)).cases).toEqual([]);
  });

  it('reports a missing folder as an input problem', async () => {
    const dir = await tree({});
    expect(await errorLines(() => loadCatalogue(`${dir}/nope`), dir)).toEqual(['nope no such file or folder (E_CASE_INVALID)']);
  });
});
