// upgrade-check over the recorded requests, for pairs of recorded releases (older -> newer): its change list,
// request by request, is what the two releases' recorded answers show changed, and nothing else. With the recorded
// answers themselves as the two targets (test/helpers/replay-server.ts: the check's own reading, sending, comparing
// and grouping), for each release and the next over the catalogue's, probe's and generated requests, and for the
// oldest and the newest over the catalogue's and probe's; and with reference servers answering as 2.11 and 2.12 (the
// prediction an operator gets before upgrading), which must agree exactly on the catalogue's and probe's requests.
// (That the reference server answers every recorded request as each release did is test/recordings/fidelity.test.ts.)
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUpgrade } from '../../src/api/upgrade-check.ts';
import { resolveUpgradeOptions } from '../../src/api/upgrade-options.ts';
import { listResourceIds, readTrafficFile } from '../../src/requests/index.ts';
import { parseCkanRelease, toCkanVersion } from '../../src/schema/ckan-version.ts';
import { openPgliteEngine, type Engine } from '../../src/server/engines/index.ts';
import { loadFixtures } from '../../src/server/fixtures/index.ts';
import { isServerCkanVersion, startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { RECORDED_RELEASES, readRecordingMeta, type RecordedRelease, type RecordingFile } from '../helpers/ckan-recordings.ts';
import { startReplayServer } from '../helpers/replay-server.ts';
import { makeTempDir, removeDir } from '../runner/helpers.ts';
import { listCommonRequests, recordedChanges, toRecordingLine, type CommonRequest } from './recorded-changes.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'upgrade-recorded-token';
/** Files whose every request the reference server answers as the release did. */
const EXACT_FILES: readonly RecordingFile[] = ['catalogue-reference', 'catalogue-probed', 'probe'];

const releaseOf = (version: RecordedRelease): string => readRecordingMeta(version).ckanVersion;
const order = (version: RecordedRelease): number => {
  const release = parseCkanRelease(releaseOf(version));
  return release === undefined ? 0 : Number(release.minor.split('.')[1]) * 1000 + (release.patch ?? 0);
};
const VERSIONS = [...RECORDED_RELEASES].sort((a, b) => order(a) - order(b));
const isNext = (older: RecordedRelease, newer: RecordedRelease): boolean => VERSIONS.indexOf(newer) === VERSIONS.indexOf(older) + 1;
const NEXT_PAIRS = VERSIONS.slice(1).map((newer, index) => [VERSIONS[index] ?? newer, newer] as const);
const [OLDEST, NEWEST] = [VERSIONS[0], VERSIONS.at(-1)];
/**
 * Each release and the next (every change between releases in a row, each trait's boundary crossed by exactly one pair)
 * and the oldest and the newest (every change at once). The 20 other pairs ran the same reading, comparing and
 * release-range logic over changes these already cross: 94 s of this file's 235 s of tests, measured.
 */
const PAIRS = OLDEST === undefined || NEWEST === undefined || NEXT_PAIRS.length < 2 ? NEXT_PAIRS : [...NEXT_PAIRS, [OLDEST, NEWEST] as const];

/**
 * The pair upgrade-check runs on reference servers, end to end: the newest release and the one before (2.11 and
 * 2.12), whose recorded answers change most (313 of its 420 catalogue and probe requests, 16 distinct changes; the
 * other pairs 9 to 30 requests, 1 to 5 changes). The other pairs' predictions are implied: fidelity.test.ts holds
 * the reference server to every catalogue and probe answer of every release (bar 100%, after the normalisation
 * upgrade-check also applies), and the replay tests above hold upgrade-check, given those answers, to exactly the
 * recorded changes of every pair in a row. This pair checks that the two compose (what fidelity leaves aside, such
 * as the body of an HTML error page, changes nothing here); the six others ran the same composition again (216 s
 * of this file's 468 s of tests, measured alone at a load of 15).
 */
const REFERENCE_PAIRS = NEXT_PAIRS.slice(-1);

let engine: Engine | undefined;
let outDir = '';
const servers = new Map<RecordedRelease, ReferenceServer>();

beforeAll(async () => {
  outDir = await makeTempDir('dsk-upgrade-recorded-');
  engine = await openPgliteEngine(await loadFixtures(path.join(ROOT, 'fixtures')));
  for (const version of new Set(REFERENCE_PAIRS.flat())) {
    const minor = toCkanVersion(releaseOf(version));
    if (!isServerCkanVersion(minor)) throw new Error(`the reference server does not answer as ${releaseOf(version)}`);
    const config = { ckanVersion: minor, ckanRelease: releaseOf(version), apiTokens: [TOKEN] };
    servers.set(version, await startReferenceServer({ fixturesDir: path.join(ROOT, 'fixtures'), engine, config }));
  }
}, 300_000);

afterAll(async () => {
  for (const server of servers.values()) await server.close();
  await engine?.close();
  await removeDir(outDir);
});

/** The two targets' URLs, the retries on a 5xx or network error, and the requests to send (listCommonRequests). */
interface Targets {
  urls: readonly [string, string];
  retries: number;
  common: readonly CommonRequest[];
}

interface Compared {
  /** Requests compared. */
  total: number;
  /** `line: kit's changes | recorded changes` for each request whose changes differ. */
  mismatches: string[];
}

/** Runs upgrade-check over the common requests of `file` against two targets; compares its changes per request. */
async function compareWithRecordings(older: RecordedRelease, newer: RecordedRelease, file: RecordingFile, targets: Targets): Promise<Compared> {
  const { urls, retries, common } = targets;
  const dir = path.join(outDir, `${older}-${newer}-${file}-${urls[0].split(':').at(-1) ?? ''}`);
  const requests = path.join(outDir, `${older}-${newer}-${file}.jsonl`);
  await writeFile(requests, `${common.map((c) => toRecordingLine(c.older)).join('\n')}\n`);
  const side = (url: string) => ({ target: { kind: 'url' as const, url }, token: TOKEN, profileFile: 'profiles/reference.yaml' });
  const options = resolveUpgradeOptions({
    shared: { cwd: ROOT, outDir: dir, retries },
    targets: [side(urls[0]), side(urls[1])],
    from: releaseOf(older),
    to: releaseOf(newer),
    catalogue: false,
    requests,
    reportFormats: 'json',
  });
  const { report } = await checkUpgrade(options, { hostname: 'test' });
  const kit = new Map<string, string[]>();
  for (const change of report.changes) for (const id of change.ids) kit.set(id, [...(kit.get(id) ?? []), `${change.kind}: ${change.what}`]);
  // a request naming a resource a target does not have is counted, not sent (docs/upgrade-check.md)
  const missing = new Set((report.sources.requests?.missingResources ?? []).map((m) => m.id));
  const sent = (await readTrafficFile(requests, { cwd: ROOT })).requests.filter((request) => !listResourceIds(request).some((id) => missing.has(id)));
  const mismatches: string[] = [];
  for (const request of sent) {
    const line = Number(request.source.split(':').at(-1));
    const recorded = common[line - 1];
    if (recorded === undefined) continue;
    const expected = recordedChanges(recorded, older, newer);
    const found = (kit.get(`request ${request.source}`) ?? []).sort();
    if (expected.join('\n') !== found.join('\n')) {
      mismatches.push(
        `${recorded.older.id} ${recorded.older.method} ${recorded.older.path} ${recorded.older.requestBody.slice(0, 120)}: kit [${found.join('; ')}] recorded [${expected.join('; ')}]`,
      );
    }
  }
  return { total: sent.length, mismatches };
}

describe.each(PAIRS)('upgrade-check from CKAN %s to %s over the recorded requests', (older, newer) => {
  it('lists, request by request, exactly the changes the recorded answers show (the recordings as targets)', async () => {
    for (const file of isNext(older, newer) ? [...EXACT_FILES, 'generated-seed1' as const] : EXACT_FILES) {
      const common = listCommonRequests(older, newer, file);
      const replays = await Promise.all(
        [older, newer].map((version) =>
          startReplayServer({
            exchanges: common.map((c) => (version === older ? c.older : c.newer)),
            recordedUrl: readRecordingMeta(version).baseUrl,
            token: TOKEN,
          }),
        ),
      );
      try {
        // why: no retries: the replay servers answer the pre-flight's `limit: 0` searches, never recorded, with 599 (a
        // 5xx), and each retry of those 16 a run waited its backoff (about 1 s a run, 28 runs)
        const compared = await compareWithRecordings(older, newer, file, { urls: [replays[0]?.url ?? '', replays[1]?.url ?? ''], retries: 0, common });
        expect(compared.total, file).toBeGreaterThan(20);
        expect(compared.mismatches, file).toEqual([]);
      } finally {
        await Promise.all(replays.map((replay) => replay?.close()));
      }
    }
  }, 600_000);
});

describe.each(REFERENCE_PAIRS)('upgrade-check from CKAN %s to %s on reference servers', (older, newer) => {
  it('predicts, request by request, the changes the recorded answers show', async () => {
    const urls = [servers.get(older)?.url ?? '', servers.get(newer)?.url ?? ''] as const;
    for (const file of EXACT_FILES) {
      const compared = await compareWithRecordings(older, newer, file, { urls, retries: 1, common: listCommonRequests(older, newer, file) });
      expect(compared.mismatches, file).toEqual([]);
    }
  }, 600_000);
});
