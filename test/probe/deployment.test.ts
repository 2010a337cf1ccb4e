// Issue 36's "done when" for probe: on a deployment the catalogue was not written for (21 tables of several shapes,
// served by the reference server from a data package of its own), the probed profile applies at least 90% of the
// variants that the best hand-written profile does, and the runs with both pass.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { countOtherVersionCases, isCkanVersionReason } from '../helpers/ckan-version.ts';
import { writeScenarioFixtures } from '../search/scenario-fixtures.ts';
import { createDeployment, DEPLOYMENT_TOKEN, deploymentId } from './deployment-data.ts';

const ROOT = path.resolve('.');
let dir: string;
let server: ReferenceServer;
let probedText: string;

/** The best profile a person who knows the data writes by hand: the richest table, values that decide every relation. */
const HAND_WRITTEN = `name: hand-written
data: other
ckan: "2.11"
capabilities: [sql, locale, jsonp, private, token, ckan]
resources:
  courses: ${deploymentId(6)}
  measurements: ${deploymentId(7)}
  staff: ${deploymentId(21)}
values:
  rowCount: 1500
  textField: title
  categoryField: branch
  categoryValue: Riverside
  otherCategoryValue: Hillcrest
  categoryValues: [Riverside, Hillcrest]
  secondField: genre
  secondValue: Fiction
  numericField: days
  numericValue: 40
  numericText: '40'
  searchWord: cartographer
  searchWordUpper: CARTOGRAPHER
  secondSearchWord: hillcrest
  absentWord: zzyzxqwv
  searchPrefix: cartog
  likePattern: '%the%'
  likeOtherCase: '%The%'
  infixText: Sile
  arrayField: labels
  arrayValue: [new]
  coursesAlias: library-loans
  privateField: team
token:
  env: DEPLOYMENT_TOKEN
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-deployment-'));
  await writeScenarioFixtures(path.join(dir, 'fixtures'), createDeployment());
  server = await startReferenceServer({ fixturesDir: path.join(dir, 'fixtures'), port: 0, config: { apiTokens: [DEPLOYMENT_TOKEN] } });
  await writeFile(path.join(dir, 'hand.yaml'), HAND_WRITTEN);
  const captured = captureIo(ROOT, { DEPLOYMENT_TOKEN });
  const code = await main(['probe', '--target', server.url, '--token-env', 'DEPLOYMENT_TOKEN', '--out', path.join(dir, 'probed.yaml')], captured.io);
  expect(captured.stderr()).toMatch(/^probe: wrote /);
  expect(code).toBe(0);
  probedText = await readFile(path.join(dir, 'probed.yaml'), 'utf8');
}, 300_000);

afterAll(async () => {
  await server?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

interface ReportCase {
  id: string;
  status: string;
  reason?: string;
}

/** Runs the catalogue with `profile`; the variants that failed or errored, and how many applied (of this version's). */
async function runWith(profile: string): Promise<{ code: number; broken: string[]; applied: number; counted: number }> {
  const out = path.join(dir, `run-${profile}`);
  const captured = captureIo(ROOT, { DEPLOYMENT_TOKEN });
  const code = await main(['run', '--target', server.url, '--profile', path.join(dir, `${profile}.yaml`), '--report', 'json', '--out', out], captured.io);
  const report: { cases: ReportCase[] } = JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8'));
  const broken = report.cases.filter((c) => c.status === 'fail' || c.status === 'error').map((c) => c.id);
  const applied = report.cases.filter((c) => c.status !== 'not-applicable' && c.status !== 'skipped' && !isCkanVersionReason(c.reason)).length;
  return { code, broken, applied, counted: report.cases.length - countOtherVersionCases(report.cases) };
}

describe('probe on a deployment of 21 tables the catalogue was not written for', () => {
  it('takes the table richest in columns the cases use for courses, not the largest or the one-column log', () => {
    expect(probedText).toContain(`  courses: ${deploymentId(6)} #`);
    expect(probedText).toContain(`  staff: ${deploymentId(21)} # private`);
  });

  it('chooses values whose answers fit a relation page of 1,000 records', () => {
    for (const name of ['categoryValue', 'otherCategoryValue', 'secondValue', 'numericValue', 'searchWord', 'secondSearchWord', 'likeOtherCase'])
      expect(probedText).toMatch(new RegExp(`^ {2}${name}: `, 'm'));
    const counts = [...probedText.matchAll(/^ {2}(?:categoryValue|otherCategoryValue): .* # (\d+) records/gm)].map((m) => Number(m[1]));
    expect(counts.length).toBe(2);
    expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBeLessThanOrEqual(1000);
  });

  it('applies at least 90% of the variants the hand-written profile does; both runs pass', async () => {
    const hand = await runWith('hand');
    const probed = await runWith('probed');
    process.stdout.write(
      `deployment of 21 tables: probed profile applies ${probed.applied} of ${probed.counted} variants, hand-written ${hand.applied} ` +
        `(${Math.round((probed.applied / hand.applied) * 100)}%)\n`,
    );
    expect(hand.broken).toEqual([]);
    expect(probed.broken).toEqual([]);
    expect([hand.code, probed.code]).toEqual([0, 0]);
    expect(probed.applied / hand.applied).toBeGreaterThanOrEqual(0.9);
  }, 300_000);
});
