// How closely the reference server answers as the recorded CKAN releases did, for developers:
//   npx tsx test/support/fidelity-report.ts [version ...] [--out reports/fidelity] [--database-url postgres://…]
// prints the agreement per version and recording file, and writes every disagreement (request, both answers,
// the differences) to <out>/<version>.json. The fidelity test (test/recordings/) holds the same numbers to a bar.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startReferenceServer } from '../../src/server/index.ts';
import {
  listDistinctRequests,
  RECORDED_RELEASES,
  RECORDING_FILES,
  readRecording,
  readRecordingMeta,
  type RecordedRelease,
} from '../helpers/ckan-recordings.ts';
import { replayAll, type FidelityResult } from '../helpers/replay-fidelity.ts';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const out = outIndex >= 0 ? (args[outIndex + 1] ?? 'reports/fidelity') : 'reports/fidelity';
const dbIndex = args.indexOf('--database-url');
const databaseUrl = dbIndex >= 0 ? args[dbIndex + 1] : undefined;
const valueIndexes = new Set([outIndex + 1, dbIndex + 1].filter((index) => index > 0));
const asked = args.filter((arg, index) => !arg.startsWith('--') && !valueIndexes.has(index));
const versions = RECORDED_RELEASES.filter((version) => asked.length === 0 || asked.includes(version));
const fixturesDir = fileURLToPath(new URL('../../fixtures', import.meta.url));

mkdirSync(out, { recursive: true });
for (const version of versions) await reportVersion(version);

async function reportVersion(version: RecordedRelease): Promise<void> {
  const token = 'fidelity-token';
  const server = await startReferenceServer({
    fixturesDir,
    config: { ckanRelease: readRecordingMeta(version).ckanVersion, apiTokens: [token] },
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
  });
  const target = { url: server.url, token, recordedUrl: readRecordingMeta(version).baseUrl, recordedRelease: readRecordingMeta(version).ckanVersion };
  const failures: FidelityResult[] = [];
  try {
    for (const file of RECORDING_FILES) {
      const exchanges = listDistinctRequests(readRecording(version, file));
      const results = await replayAll(target, exchanges);
      const differ = results.filter((result) => !result.agree);
      failures.push(...differ);
      const pct = ((100 * (results.length - differ.length)) / Math.max(results.length, 1)).toFixed(1);
      console.log(`${version} ${file.padEnd(20)} ${results.length - differ.length}/${results.length} agree (${pct}%)`);
    }
  } finally {
    await server.close();
  }
  const report = failures.map((result) => ({
    id: result.exchange.id,
    request: `${result.exchange.method} ${result.exchange.path} ${result.exchange.requestBody}`,
    differences: result.differences.map((difference) => difference.message),
    expected: { status: result.exchange.status, body: result.exchange.responseBody.slice(0, 2000) },
    actual: { status: result.actual.status, body: result.actual.body.slice(0, 2000) },
  }));
  writeFileSync(`${out}/${version}.json`, `${JSON.stringify(report, null, 1)}\n`);
}
