// Baselines end to end: answers of the real reference server recorded with run --baseline, checked on later runs,
// a changed fixture cell found as a record-level difference, a change accepted, and normalisation rules applied.
import { cp, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer, type ReferenceServer, type RunResult } from '../../src/index.ts';
import { createCapturedIo, makeTempDir, removeDir, writeJsonFiles } from './helpers.ts';

const COURSES_ID = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const base = { class: 'search.core', spec: ['api.md#4.1'] };
const courses = { resource_id: '${resources.courses}' };
const scenario = {
  'cases/baseline.json': {
    cases: [
      {
        ...base,
        id: 'search/first-five',
        title: 'the first five courses',
        request: { action: 'datastore_search', params: { ...courses, limit: 5, sort: '_id', fields: ['_id', 'title', 'subject', 'stage'] } },
        variants: { method: ['GET', 'POST'] },
        expect: { success: true, records: { count: 5 } },
      },
      {
        ...base,
        id: 'search/volatile',
        title: 'a case marks updated volatile',
        request: { action: 'datastore_search', params: { ...courses, limit: 3, sort: '_id', fields: ['_id', 'updated', 'summary'] } },
        normalise: { volatile: ['updated'] },
        expect: { success: true, records: { count: 3 } },
      },
      {
        ...base,
        id: 'search/missing',
        title: 'an unknown resource',
        request: { action: 'datastore_search', params: { resource_id: 'no-such-resource' } },
        expect: { status: 404, success: false },
      },
    ],
  },
};

let dir: string;
let fixtures: string;
let original: ReferenceServer;
let altered: ReferenceServer;
/** The same data under another resource id, as another deployment would hold it. */
let production: ReferenceServer;
const PRODUCTION_ID = '0b9e4c1e-5d1f-4f1a-9a57-3f0c2a7d9e11';

/** The fixtures with one cell changed (row 2's subject), or as given. */
async function copyFixtures(to: string, edit: (csv: string) => string): Promise<void> {
  await cp(path.resolve('fixtures'), to, { recursive: true });
  const file = path.join(to, 'courses.csv');
  await writeFile(file, edit(await readFile(file, 'utf8')));
}

beforeAll(async () => {
  dir = await makeTempDir('dsk-baseline-');
  await writeJsonFiles(dir, scenario);
  // the profile's rules: a summary is not compared (every other rule stays as the defaults say)
  const profile = await readFile(path.resolve('profiles/reference.yaml'), 'utf8');
  await writeFile(path.join(dir, 'profile.yaml'), `${profile}\nnormalise:\n  ignore: ["/result/records/*/summary"]\n`);
  fixtures = path.join(dir, 'fixtures-altered');
  await copyFixtures(fixtures, (csv) => {
    const lines = csv.split('\n');
    const row = lines[2] ?? '';
    expect(row).toContain('Seminar in Translation,German,');
    // one cell of _id=2 that a case compares, and two that the rules leave out (volatile updated, ignored summary)
    lines[2] = row
      .replace(',German,', ',French,')
      .replace('Translation for intermediate learners.', 'Changed summary.')
      .replace('2025-03-03T02:14:26', '2030-01-01T00:00:00');
    return lines.join('\n');
  });
  const renamed = path.join(dir, 'fixtures-production');
  await copyFixtures(renamed, (csv) => csv);
  const packageFile = path.join(renamed, 'datapackage.json');
  await writeFile(packageFile, (await readFile(packageFile, 'utf8')).replaceAll(COURSES_ID, PRODUCTION_ID));
  await writeFile(path.join(dir, 'production.yaml'), (await readFile(path.join(dir, 'profile.yaml'), 'utf8')).replaceAll(COURSES_ID, PRODUCTION_ID));
  [original, altered, production] = await Promise.all([
    startReferenceServer({ fixturesDir: path.resolve('fixtures'), port: 0 }),
    startReferenceServer({ fixturesDir: fixtures, port: 0 }),
    startReferenceServer({ fixturesDir: renamed, port: 0 }),
  ]);
});

afterAll(async () => {
  await Promise.all([original?.close(), altered?.close(), production?.close()]);
  if (dir !== undefined) await removeDir(dir);
});

async function runBaseline(
  server: ReferenceServer,
  baselineDir: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<{ code: number; report: RunResult; out: string }> {
  const { io, stdout, stderr } = createCapturedIo(dir, env);
  const profile = server === production ? 'production.yaml' : 'profile.yaml';
  const argv = [
    'run',
    '--target',
    server.url,
    '--profile',
    profile,
    '--report',
    'json,html,md,junit,ctrf',
    '--out',
    'reports',
    '--baseline',
    baselineDir,
    ...args,
  ];
  const code = await main(argv, io);
  const report = JSON.parse(await readFile(path.join(dir, 'reports', 'report.json'), 'utf8')) as RunResult;
  return { code, report, out: stdout() + stderr() };
}

function outcomes(report: RunResult): Record<string, string | undefined> {
  return Object.fromEntries(report.cases.map((c) => [c.id, c.baseline?.outcome]));
}

describe('run --baseline', () => {
  it('records every variant once, then passes unchanged against the same data', async () => {
    const first = await runBaseline(original, 'recorded', ['--update-baseline', 'missing']);
    expect(first.code).toBe(0);
    expect(Object.values(outcomes(first.report))).toEqual(['recorded', 'recorded', 'recorded', 'recorded']);
    expect(first.report.baseline).toEqual({ dir: 'recorded', update: 'missing', match: 0, differs: 0, missing: 0, recorded: 4, updated: 0 });
    const files = (await readdir(path.join(dir, 'recorded'), { recursive: true })).filter((f) => f.endsWith('.json')).sort();
    expect(files).toEqual(
      ['search/first-five/get-api.json', 'search/first-five/post-api.json', 'search/missing/post-api.json', 'search/volatile/post-api.json'].map((f) =>
        f.split('/').join(path.sep),
      ),
    );

    const second = await runBaseline(original, 'recorded', [], { CI: 'true' });
    expect(second.code).toBe(0);
    expect(second.report.baseline).toMatchObject({ update: 'none', match: 4, differs: 0 });
  });

  it('writes readable, target-free files: logical resource names, one record per line, final newline', async () => {
    const text = await readFile(path.join(dir, 'recorded', 'search', 'first-five', 'post-api.json'), 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('"resource_id": "${resources.courses}"');
    expect(text).not.toContain(COURSES_ID);
    expect(text).not.toContain(original.url);
    expect(text).toContain('\n        {"_id":2,"stage":"Advanced","subject":"German","title":"Seminar in Translation"},\n');
    const file: unknown = JSON.parse(text);
    expect(file).toMatchObject({
      case: 'search/first-five',
      variant: 'post-api',
      request: { method: 'POST', path: '/api/action/datastore_search' },
      status: 200,
    });
  });

  it('holds for another deployment whose profile maps the same logical names to other resource ids', async () => {
    const { code, report } = await runBaseline(production, 'recorded', [], { CI: '1' });
    expect(report.cases[0]?.exchange?.request.url).toContain(PRODUCTION_ID);
    expect(code).toBe(0);
    expect(report.baseline).toMatchObject({ match: 4, differs: 0 });
  });

  it('fails with a record-level difference naming the record, the field, the old and the new value', async () => {
    const { code, report, out } = await runBaseline(altered, 'recorded', [], { CI: '1' });
    expect(code).toBe(1);
    expect(outcomes(report)).toEqual({
      'search/first-five [GET - /api/action]': 'differs',
      'search/first-five [POST - /api/action]': 'differs',
      'search/volatile': 'match',
      'search/missing': 'match',
    });
    const post = report.cases.find((c) => c.id === 'search/first-five [POST - /api/action]');
    expect(post?.status).toBe('fail');
    expect(post?.findings).toEqual([
      {
        rule: 'baseline',
        path: '/result/records/1',
        message: 'record _id=2 changed: "subject" "German" -> "French"',
        expected: { _id: 2, stage: 'Advanced', subject: 'German', title: 'Seminar in Translation' },
        actual: { _id: 2, title: 'Seminar in Translation', subject: 'French', stage: 'Advanced' },
      },
    ]);
    expect(post?.baseline?.differences[0]?.changes).toEqual([{ field: 'subject', expected: 'German', actual: 'French' }]);
    expect(out).toContain('baseline /result/records/1: record _id=2 changed: "subject" "German" -> "French"');
    expect(out).toContain('baseline recorded (update none): 2 match, 2 differ, 0 missing, 0 recorded, 0 updated');
    // the rules that left the other two changed cells out are reported
    expect(report.cases.find((c) => c.id === 'search/volatile')?.baseline?.rules).toEqual(
      expect.arrayContaining(['volatile:updated', 'ignore:/result/records/*/summary']),
    );
  });

  it('shows the difference in every report format, the HTML as a diff table with the changed cell', async () => {
    const read = (name: string): Promise<string> => readFile(path.join(dir, 'reports', name), 'utf8');
    const html = await read('report.html');
    expect(html).toContain('<h3>Baseline <code>search/first-five/post-api.json</code>: differs</h3>');
    expect(html).toMatch(
      /<tr class="changed"><td class="kind">changed<\/td><td><code>_id=2<\/code><\/td>.*<td class="changed"><del>&quot;German&quot;<\/del> <ins>&quot;French&quot;<\/ins><\/td>/,
    );
    const message = 'record _id=2 changed: "subject" "German" -&gt; "French"';
    expect(await read('junit.xml')).toContain(message);
    expect(await read('summary.md')).toContain('record \\_id=2 changed: "subject" "German" -&gt; "French"');
    const ctrf = JSON.parse(await read('ctrf.json')) as {
      results: { tests: Array<{ name: string; extra: { baseline?: { outcome: string; differences: string[] } } }> };
    };
    const test = ctrf.results.tests.find((t) => t.name === 'search/first-five [GET - /api/action]');
    expect(test?.extra.baseline).toMatchObject({ outcome: 'differs', differences: ['record _id=2 changed: "subject" "German" -> "French"'] });
  });

  it('accepts the change with --update-baseline changed, after which the new data passes', async () => {
    await cp(path.join(dir, 'recorded'), path.join(dir, 'accepted'), { recursive: true });
    const accept = await runBaseline(altered, 'accepted', ['--update-baseline', 'changed']);
    expect(accept.code).toBe(0);
    expect(accept.report.baseline).toMatchObject({ match: 2, updated: 2, differs: 0 });
    expect(accept.out).toContain('UPDATED search/first-five [GET - /api/action]: baseline updated search/first-five/get-api.json: 1 difference accepted');
    const text = await readFile(path.join(dir, 'accepted', 'search', 'first-five', 'get-api.json'), 'utf8');
    expect(text).toContain('"subject":"French"');
    const next = await runBaseline(altered, 'accepted', [], { CI: '1' });
    expect(next.code).toBe(0);
    expect(next.report.baseline).toMatchObject({ match: 4 });
    // and the old data now differs from the accepted baseline
    expect((await runBaseline(original, 'accepted', [], { CI: '1' })).code).toBe(1);
  });

  it('fails each variant without a file under --update-baseline none, saying how to record it', async () => {
    const { code, report, out } = await runBaseline(original, 'empty', ['--update-baseline', 'none', '--id', 'search/volatile']);
    expect(code).toBe(1);
    expect(report.cases[0]?.findings).toEqual([
      { rule: 'baseline', path: '', message: 'no baseline empty/search/volatile/post-api.json yet: record it with --update-baseline missing' },
    ]);
    expect(report.baseline).toMatchObject({ missing: 1 });
    expect(out).toContain('record it with --update-baseline missing');
  });
});

describe('run --baseline flags', () => {
  it('records what is missing by default outside CI, and records nothing by default on CI', async () => {
    const onCi = await runBaseline(original, 'by-default', ['--id', 'search/missing'], { CI: '1' });
    expect([onCi.code, onCi.report.baseline?.update, onCi.report.baseline?.missing]).toEqual([1, 'none', 1]);
    const local = await runBaseline(original, 'by-default', ['--id', 'search/missing'], { CI: 'false' });
    expect([local.code, local.report.baseline?.update, local.report.baseline?.recorded]).toEqual([0, 'missing', 1]);
  });

  it.each([
    [['--update-baseline', 'sometimes'], '--update-baseline must be one of none, missing, changed, all, got "sometimes"'],
    [['--baseline', ''], '--baseline must not be empty'],
    [['--baseline', 'x', '--baseline', 'y'], '--baseline was given 2 times ("x", "y"); give it once'],
  ])('exits 2 on %j', async (args, message) => {
    const { io, stderr } = createCapturedIo(dir);
    const code = await main(
      ['run', '--target', original.url, '--profile', 'profile.yaml', ...(args.includes('--baseline') ? [] : ['--baseline', 'x']), ...args],
      io,
    );
    expect(code).toBe(2);
    expect(stderr()).toContain(message);
  });

  it('exits 2 for --update-baseline without --baseline', async () => {
    const { io, stderr } = createCapturedIo(dir);
    expect(await main(['run', '--target', original.url, '--update-baseline', 'all'], io)).toBe(2);
    expect(stderr()).toContain('--update-baseline needs --baseline DIR');
  });
});
