// Issue 29's "done when": an implementation of its own (not the reference server) over data of its own, probed,
// then run with that profile: the faithful one passes, and each classic bug fails the run through the checks that
// hold on any data (relations, implied order, predicates), not through fixture-exact ones.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIo } from '../helpers/captured-io.ts';
import type { TestServer } from '../helpers/http-server.ts';
import { BIRDS_ID } from './birds-data.ts';
import { startOwnImplementation, type OwnBug } from './own-implementation.ts';

const ROOT = path.resolve('.');
let dir: string;
let faithful: TestServer;
let profile: string;

interface ReportCase {
  id: string;
  status: string;
  findings: { rule: string }[];
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-own-'));
  faithful = await startOwnImplementation();
  profile = path.join(dir, 'own.yaml');
  const captured = captureIo(ROOT);
  const code = await main(['probe', '--target', faithful.url, '--resource', `courses=${BIRDS_ID}`, '--out', profile], captured.io);
  expect(captured.stderr()).toMatch(/^probe: wrote /);
  expect(code).toBe(0);
}, 60_000);

afterAll(async () => {
  await faithful?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

async function runAgainst(url: string, out: string): Promise<{ code: number; cases: ReportCase[] }> {
  const captured = captureIo(ROOT);
  const code = await main(['run', '--target', url, '--profile', profile, '--report', 'json', '--out', path.join(dir, out)], captured.io);
  const report: { cases: ReportCase[] } = JSON.parse(await readFile(path.join(dir, out, 'report.json'), 'utf8'));
  return { code, cases: report.cases };
}

describe('an implementation of its own, probed', () => {
  it("claims the behaviours it has, and no CKAN (so the API's own contract applies)", async () => {
    const text = await readFile(profile, 'utf8');
    for (const capability of ['offset', 'sort', 'fields', 'distinct', 'total']) expect(text).toMatch(new RegExp(`^ {2}- ${capability} #`, 'm'));
    expect(text).not.toMatch(/^ckan:/m);
    expect(text).toMatch(/^ {2}searchWord: /m);
  });

  it('passes when faithful (exit 0), with the relations applied', async () => {
    const outcome = await runAgainst(faithful.url, 'faithful');
    expect(outcome.cases.filter((c) => c.status === 'fail' || c.status === 'error').map((c) => c.id)).toEqual([]);
    expect(outcome.code).toBe(0);
    const relations = outcome.cases.filter((c) => c.id.startsWith('relations/') && c.status === 'pass').map((c) => c.id.split(' ')[0]);
    expect(new Set(relations)).toEqual(
      new Set([
        'relations/filters/either-or-union',
        'relations/filters/and-subset',
        'relations/q/words-subset',
        'relations/q/case-insensitive',
        'relations/offset/tiles',
        'relations/offset/filtered-tiles',
        'relations/offset/q-tiles',
        'relations/total/counts-matches',
        'relations/sort/reversed',
        'relations/fields/projects',
        'relations/distinct/values',
      ]),
    );
  }, 60_000);

  it.each([
    ['no --resource (no _table_metadata, no package_search)', [], /^no resource to test: .*name them with --resource ID\) \(E_ENV\)\n$/],
    [
      'a named resource that answers 404',
      ['--resource', 'courses=5e1f0000-0000-4000-8000-00000000dead'],
      /^--resource courses=5e1f0000-0000-4000-8000-00000000dead: .*404/,
    ],
  ])('probe stops with exit 3 and one line when it finds nothing to test: %s', async (_what, args, message) => {
    const captured = captureIo(ROOT);
    const code = await main(['probe', '--target', faithful.url, ...args], captured.io);
    expect(code).toBe(3);
    expect(captured.stderr()).toMatch(message);
  });

  it('prints one line per root cause of what it left out', async () => {
    const captured = captureIo(ROOT);
    await main(['probe', '--target', faithful.url, '--resource', `courses=${BIRDS_ID}`], captured.io);
    expect(captured.stderr()).toContain(
      '  left out capabilities.private, capabilities.token, resources.staff: no private resource among those examined (--resource)\n',
    );
  });

  it.each([
    ['either-or-first-value', 'relation.union'],
    ['fields-ored', 'relation.subset'],
    ['offset-ignored', 'relation.tiles'],
    ['q-any-word', 'relation.subset'],
    ['sort-ignored', 'order.sort'],
  ] as const)(
    'fails with bug %s (exit 1), caught by %s',
    async (bug: OwnBug, rule) => {
      const broken = await startOwnImplementation(bug);
      try {
        const outcome = await runAgainst(broken.url, bug);
        expect(outcome.code).toBe(1);
        const rules = outcome.cases.filter((c) => c.status === 'fail').flatMap((c) => c.findings.map((f) => f.rule));
        expect(rules).toContain(rule);
        expect(rules.every((r) => !r.startsWith('expectOnFixtures.'))).toBe(true);
      } finally {
        await broken.close();
      }
    },
    60_000,
  );
});
