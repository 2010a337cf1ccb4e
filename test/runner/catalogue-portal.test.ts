// The catalogue against data that is "not the fixtures": the invariant checks (`expect`) of every case hold on
// the reference server under a `data: other` profile, fixture-exact checks are not applied, and the shipped
// example profile validates, leaving out only what it does not provide.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandCase, loadProfile, resolveRunOptions, runCatalogue, type RunResult } from '../../src/index.ts';
import { prepareCatalogue } from '../../src/runner/index.ts';
import { countOtherVersionCases, isCkanVersionReason } from '../helpers/ckan-version.ts';

const ROOT = path.resolve('.');

/** A profile over the bundled measurements table, with values found in it (as a user would write for their data). */
const MEASUREMENTS_PROFILE = {
  name: 'measurements-as-courses',
  data: 'other',
  ckan: '2.11',
  capabilities: ['sql', 'private', 'token', 'locale', 'jsonp', 'ckan-2.11'],
  resources: {
    courses: '2085cfd3-7f59-4dbd-a534-ae7fe0d3c19a',
    measurements: 'df356cc6-0e13-4ba8-bc98-c4706614881b',
    staff: 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff',
  },
  values: {
    textField: 'station',
    categoryField: 'status',
    categoryValue: 'ok',
    otherCategoryValue: 'maintenance',
    secondField: 'station_code',
    secondValue: 'MUC',
    numericField: 'temperature',
    numericValue: 6.7,
    numericText: '6.7',
    rowCount: 180,
    searchWord: 'oslo',
    searchWordUpper: 'OSLO',
    absentWord: 'zzyzxqwv',
    secondSearchWord: 'maintenance',
    stemWord: 'centros',
    stemText: 'centro',
    searchPrefix: 'sentr',
    likePattern: '%o%',
    likeOtherCase: '%O%',
    infixText: 'Rynek',
    privateField: 'department',
  },
};
let dir: string;
let result: RunResult;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-portal-'));
  const reference = await loadProfile(path.join(ROOT, 'profiles/reference.yaml'));
  const profileFile = path.join(dir, 'other-data.json');
  await writeFile(profileFile, JSON.stringify({ ...reference, name: 'other-data', data: 'other' }));
  result = await runWithProfile(profileFile, 'reports');
}, 180_000);

/** The catalogue against the reference server under the profile `profileFile`, reports (JSON) in `dir/outName`. */
async function runWithProfile(profileFile: string, outName: string): Promise<RunResult> {
  const target = { kind: 'reference', fixturesDir: 'fixtures' } as const;
  const options = resolveRunOptions({ cwd: ROOT, target, profileFile, reportFormats: 'json', outDir: path.join(dir, outName) });
  return (await runCatalogue(options, { hostname: 'test' })).result;
}

afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('the catalogue on data other than the fixtures', () => {
  it('passes every invariant check of every case against the reference server', () => {
    const fixtureOnly = /^fixture-exact checks not applicable: profile "[^"]+" does not serve the bundled fixtures/;
    const fails = result.cases.filter(
      (c) =>
        c.status !== 'pass' &&
        c.status !== 'skipped' &&
        !(c.status === 'known' && c.known?.release === result.target.ckan?.release) &&
        !(c.status === 'not-applicable' && (fixtureOnly.test(c.reason ?? '') || isCkanVersionReason(c.reason))),
    );
    expect(fails.map((c) => `${c.id}: ${c.status} ${c.reason ?? ''} ${c.findings.map((f) => f.message).join('; ')}`)).toEqual([]);
    expect(result.summary.pass).toBeGreaterThanOrEqual(100);
    // the fixture-exact part is reported, on the cases that ran and on those that check nothing else
    expect(result.cases.filter((c) => c.status === 'pass' && fixtureOnly.test(c.reason ?? '')).length).toBeGreaterThan(50);
    expect(result.cases.filter((c) => c.status === 'not-applicable').length - countOtherVersionCases(result.cases)).toBeLessThan(15);
    expect(result.summary.vacuous).toBe(0);
  });

  it('applies no fixture-exact expectation (no expectOnFixtures findings are possible)', async () => {
    const reference = await loadProfile(path.join(ROOT, 'profiles/reference.yaml'));
    const other = { ...reference, data: 'other' as const };
    const onFixtures = await prepareCatalogue({ cwd: ROOT, casesDir: 'cases', profileFile: 'profiles/reference.yaml' }, {});
    expect(onFixtures.variants.filter((v) => v.expectOnFixtures !== undefined).length).toBeGreaterThan(50);
    const expanded = onFixtures.cases.flatMap((c) => expandCase(c, { profile: other, env: {} }));
    expect(expanded.filter((v) => v.expectOnFixtures !== undefined)).toEqual([]);
  });
});

describe('profiles/example-portal.yaml', () => {
  it('validates with the catalogue; only cases needing what it leaves out are not applicable', async () => {
    const prepared = await prepareCatalogue({ cwd: ROOT, casesDir: 'cases', profileFile: 'profiles/example-portal.yaml' }, {});
    expect(prepared.profile.data).toBe('other');
    const reasons = [...new Set(prepared.variants.flatMap((v) => (v.notApplicable === undefined ? [] : [v.notApplicable])))];
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) {
      expect(reason).toMatch(
        /capability (private|token)|\$\{resources\.(staff|typeSamples)\}|\$\{values\.(coursesAlias|privateField|arrayField)\}|^fixture-exact checks not applicable|^holds for CKAN /,
      );
    }
    const applicable = prepared.variants.filter((v) => v.notApplicable === undefined);
    expect(applicable.length).toBeGreaterThan(100);
    expect(applicable.some((v) => v.caseId === 'search/filters/and')).toBe(true);
    expect(prepared.variants.filter((v) => v.expectOnFixtures !== undefined)).toEqual([]);
  });
});

describe('the catalogue on data it was not written for (the measurements table as resources.courses)', () => {
  let other: RunResult;

  beforeAll(async () => {
    const profileFile = path.join(dir, 'measurements.json');
    await writeFile(profileFile, JSON.stringify(MEASUREMENTS_PROFILE));
    other = await runWithProfile(profileFile, 'reports-measurements');
  }, 180_000);

  it('checks something in every applicable variant and fails none', () => {
    const bad = other.cases.filter((c) => c.status === 'fail' || c.status === 'error' || c.reason === 'checked nothing on this data');
    expect(bad.map((c) => `${c.id}: ${c.status} ${c.reason ?? ''} ${c.findings.map((f) => f.message).join('; ')}`)).toEqual([]);
    expect(other.summary.vacuous).toBe(0);
    expect(other.summary.pass / (other.summary.total - countOtherVersionCases(other.cases))).toBeGreaterThan(0.9);
    const reasons = other.cases.filter((c) => c.status === 'not-applicable').map((c) => c.reason ?? '');
    for (const reason of reasons) expect(reason).toMatch(/typeSamples|coursesAlias|arrayField|^fixture-exact checks not applicable|^holds for CKAN /);
  });
});
