// Issue 36's "done when" for `run`: as a user would, probe the foreign implementation (its own data, not CKAN), then
// run the catalogue with the probed profile, no value pinned. The faithful one passes (exit 0, nothing failed); each
// of the four bugs the issue names fails (exit 1) through the case of its clause, with a finding that cites it. A
// bug's run is of that case alone (`--grep`): the whole catalogue passes the faithful implementation above, so the
// case is what fails the run, and the exit 1 is then its failure alone (not judged inconclusive: only the clauses
// of selected cases are).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { captureIo } from '../helpers/captured-io.ts';
import {
  FOREIGN_BUGS,
  FOREIGN_TOKEN,
  holdForeignDatabase,
  MAINTENANCE_ID,
  OBSERVATIONS_ID,
  STATIONS_ID,
  startForeignImplementation,
  type ForeignBug,
} from './index.ts';

const ROOT = path.resolve('.');
const ENV = { FOREIGN_TOKEN };
let dir: string;
let releaseDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-foreign-'));
  // why: the six implementations started below, one after another, share one SQL database instead of building six
  releaseDatabase = await holdForeignDatabase();
}, 120_000);

afterAll(async () => {
  await releaseDatabase?.();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

interface ReportCase {
  id: string;
  caseId: string;
  status: string;
  spec: string[];
  reason?: string;
  findings: { rule: string; message: string }[];
}

/** Probes `url` into `<name>.yaml` (extra args: pins) and runs the catalogue (or the cases `only` names) with that profile. */
async function probeAndRun(
  url: string,
  name: string,
  extra: string[] = [],
  only: string[] = [],
): Promise<{ code: number; cases: ReportCase[]; profile: string }> {
  const profile = path.join(dir, `${name}.yaml`);
  const resources = [`courses=${OBSERVATIONS_ID}`, `measurements=${STATIONS_ID}`, `staff=${MAINTENANCE_ID}`].flatMap((r) => ['--resource', r]);
  const probed = captureIo(ROOT, ENV);
  expect(await main(['probe', '--target', url, ...resources, '--token-env', 'FOREIGN_TOKEN', ...extra, '--out', profile], probed.io), probed.stderr()).toBe(0);
  const ran = captureIo(ROOT, ENV);
  const code = await main(['run', '--target', url, '--profile', profile, ...only, '--report', 'json', '--out', path.join(dir, name)], ran.io);
  const report: { cases: ReportCase[] } = JSON.parse(await readFile(path.join(dir, name, 'report.json'), 'utf8'));
  return { code, cases: report.cases, profile: await readFile(profile, 'utf8') };
}

describe('probe, then run, on an implementation of its own (no pinning)', () => {
  it('passes the faithful implementation: exit 0, nothing failed, no relation left undecided', async () => {
    const faithful = await startForeignImplementation();
    try {
      const outcome = await probeAndRun(faithful.url, 'faithful');
      expect(outcome.cases.filter((c) => c.status === 'fail' || c.status === 'error').map((c) => c.id)).toEqual([]);
      expect(outcome.code).toBe(0);
      expect(outcome.cases.filter((c) => c.caseId.startsWith('relations/') && c.status === 'not-applicable' && /checked nothing/.test(c.reason ?? ''))).toEqual(
        [],
      );
      expect(outcome.profile).not.toMatch(/^ckan:/m);
    } finally {
      await faithful.close();
    }
  }, 180_000);

  it.each([
    ['either-or-first-value', 'relations/filters/either-or-union', 'relation.union'],
    ['sql-drops-last-row', 'relations/sql/where-is-filter', 'relation.equal'],
    ['offset-before-filters', 'relations/offset/filtered-tiles', 'relation.tiles'],
    ['sql-like-case-insensitive', 'sql/select/like-other-case', 'records.every[0]'],
  ] as const)(
    'fails with %s (exit 1): %s fails with %s, citing the clause',
    async (bug: ForeignBug, caseId, rule) => {
      const broken = await startForeignImplementation({ bug });
      try {
        const outcome = await probeAndRun(broken.url, bug, [], ['--grep', `^${caseId}$`]);
        expect(outcome.code).toBe(1);
        const clause = FOREIGN_BUGS[bug].clause;
        const failing = outcome.cases.filter((c) => c.caseId === caseId && c.status === 'fail');
        expect(
          failing.length,
          `${caseId} did not fail: ${outcome.cases.filter((c) => c.caseId === caseId).map((c) => `${c.status} ${c.reason ?? ''}`)}`,
        ).toBeGreaterThan(0);
        expect(failing.every((c) => c.spec.includes(clause))).toBe(true);
        const findings = failing.flatMap((c) => c.findings.filter((f) => f.rule === rule));
        expect(findings.length).toBeGreaterThan(0);
        // a relation's finding cites the clause it checks, one of the case's (which include the bug's)
        const cited = (message: string) => failing.some((c) => c.spec.some((s) => message.includes(`(${s})`)));
        if (rule.startsWith('relation.')) expect(findings.every((f) => cited(f.message))).toBe(true);
      } finally {
        await broken.close();
      }
    },
    180_000,
  );

  it('says why a relation decided nothing and which value to pin, when a value fills the page', async () => {
    const faithful = await startForeignImplementation();
    try {
      const outcome = await probeAndRun(faithful.url, 'pinned', ['--value', 'categoryValue=synoptic']);
      const union = outcome.cases.find((c) => c.caseId === 'relations/filters/either-or-union');
      expect(union?.status).toBe('not-applicable');
      expect(union?.reason).toMatch(
        /^checked nothing on this data: the case's answer filled its page \(1,000 of [\d,]+ records\), so more records match than it returns; pin a value in fewer records with --value categoryValue=VALUE or --value otherCategoryValue=VALUE$/,
      );
      expect(outcome.code).toBe(0);
    } finally {
      await faithful.close();
    }
  }, 180_000);
});
