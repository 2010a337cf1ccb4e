// The catalogue against what real CKAN answered: for each recorded release, a target that replays CKAN's own
// answers (test/helpers/replay-server.ts) is run with the reference profile and with the profile probe wrote
// there. No variant may fail or error: a failure here is the kit being wrong about CKAN (a false failure), or a
// known deviation of that release reported as such. Requests the recordings do not hold (new or changed cases)
// are listed, not failed: they are recorded on request (test/ckan-recordings/README.md).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRunOptions, runCatalogue, type RunResult } from '../../src/index.ts';
import { loadCatalogue } from '../../src/catalogue/index.ts';
import { findCkanTrait, isInCkanReleases, resolveKnownDeviation, toCkanVersion } from '../../src/schema/index.ts';
import { KNOWN_BEYOND_FIXTURES, RECORDED_RELEASES, readRecording, readRecordingMeta, type RecordedRelease } from '../helpers/ckan-recordings.ts';
import { UNRECORDED_STATUS, startReplayServer } from '../helpers/replay-server.ts';
import { makeTempDir, removeDir } from '../runner/helpers.ts';

type ProfileKind = 'reference' | 'probed';
interface Outcome {
  result: RunResult;
  unrecorded: string[];
}
const outcomes = new Map<string, Outcome>();
let outDir: string;
const token = randomBytes(18).toString('base64url');

beforeAll(async () => {
  outDir = await makeTempDir('dsk-replay-');
}, 60_000);

afterAll(async () => {
  if (outDir !== undefined) await removeDir(outDir);
});

async function runAgainstRecording(version: RecordedRelease, kind: ProfileKind): Promise<Outcome> {
  const key = `${version}/${kind}`;
  const cached = outcomes.get(key);
  if (cached !== undefined) return cached;
  const exchanges = readRecording(version, kind === 'reference' ? 'catalogue-reference' : 'catalogue-probed');
  const server = await startReplayServer({ exchanges, recordedUrl: readRecordingMeta(version).baseUrl, token });
  try {
    const profileFile = kind === 'reference' ? 'profiles/reference.yaml' : path.resolve(`test/ckan-recordings/${version}/probed-profile.yaml`);
    const options = resolveRunOptions({
      cwd: path.resolve('.'),
      target: { kind: 'url', url: server.url },
      profileFile,
      token,
      ...(kind === 'reference' ? { ckanVersion: toCkanVersion(readRecordingMeta(version).ckanVersion) } : {}),
      reportFormats: 'json',
      outDir: path.join(outDir, version, kind),
      retries: 0,
    });
    const outcome = { result: (await runCatalogue(options, { hostname: 'test' })).result, unrecorded: [...server.unrecorded] };
    outcomes.set(key, outcome);
    return outcome;
  } finally {
    await server.close();
  }
}

/** Every variant that failed or errored for a reason other than a request CKAN was never sent. */
function listFalseFailures(outcome: Outcome): string[] {
  return outcome.result.cases
    .filter((c) => c.status === 'fail' || c.status === 'error')
    .filter((c) => c.exchange?.response?.status !== UNRECORDED_STATUS)
    .map((c) => `${c.id}: ${c.status} ${c.findings.map((f) => `${f.rule} ${f.message}`).join('; ')}${c.error?.message ?? ''}`);
}

describe.each(RECORDED_RELEASES)('the catalogue against the answers of real CKAN %s', (version) => {
  it.each(['reference', 'probed'] as const)('has no false failure with the %s profile', async (kind) => {
    const outcome = await runAgainstRecording(version, kind);
    if (outcome.unrecorded.length > 0)
      console.warn(`CKAN ${version} (${kind}): ${outcome.unrecorded.length} request(s) not recorded yet:\n  ${outcome.unrecorded.join('\n  ')}`);
    expect(listFalseFailures(outcome)).toEqual([]);
    const applied = outcome.result.cases.filter((c) => c.status !== 'not-applicable' && c.status !== 'skipped');
    expect(applied.length).toBeGreaterThanOrEqual(150);
  });
});

describe('known CKAN bugs against the answers of the releases that have them', () => {
  // the recordings decide a bug's range: a case is a known deviation on exactly the recorded releases its ranges
  // (the trait table's, for `known: [{ trait }]`) name, and passes on the others
  it.each(RECORDED_RELEASES)('reports a case as a known deviation on %s exactly when a known range holds there', async (folder) => {
    const release = readRecordingMeta(folder).ckanVersion;
    const catalogue = await loadCatalogue(path.resolve('cases'), { cacheDir: false });
    const knownRanges = new Map(catalogue.cases.map((c) => [c.case.id, (c.case.known ?? []).map(resolveKnownDeviation)]));
    const { result } = await runAgainstRecording(folder, 'reference');
    expect(result.target.ckan?.release).toBe(release);
    const mismatches = result.cases
      .filter((c) => (knownRanges.get(c.caseId) ?? []).length > 0 && c.status !== 'not-applicable' && c.status !== 'skipped')
      .filter((c) => c.exchange?.response?.status !== UNRECORDED_STATUS)
      .filter((c) =>
        KNOWN_BEYOND_FIXTURES.has(c.caseId)
          ? c.status !== 'pass'
          : (c.status === 'known') !== (knownRanges.get(c.caseId) ?? []).some((known) => isInCkanReleases(release, known.ckan)),
      )
      .map((c) => `${c.id}: ${c.status}${c.known === undefined ? '' : ` (${c.known.ref})`}`);
    expect(mismatches).toEqual([]);
  });

  it.each([
    ['2.10', '2.10.10'],
    ['2.11', '2.11.5'],
  ] as const)('reports ckan/distinct/values on CKAN %s as a known deviation of %s with the reference of the trait table', async (folder, release) => {
    const { result } = await runAgainstRecording(folder, 'reference');
    expect(result.target.ckan?.release).toBe(release);
    const distinct = result.cases.filter((c) => c.caseId === 'ckan/distinct/values');
    expect(distinct.length).toBeGreaterThan(0);
    const trait = findCkanTrait('distinct-after-limit');
    expect(distinct.every((c) => c.status === 'known' && c.known?.ref === trait.ref && c.known.fixed === trait.fixed && c.findings.length > 0)).toBe(true);
  });
});
