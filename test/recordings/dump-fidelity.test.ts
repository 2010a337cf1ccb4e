// The reference server's /datastore/dump/<id> against what real CKAN answered, for every recorded release
// (test/ckan-recordings/<release>/dump.jsonl.gz): every recorded exchange is sent again and must agree, body byte for
// byte (BOM included) and status, and the headers that name the download as CKAN named them; HTML error pages are the
// deployment's theme, so only their status is compared. One engine serves every release's server.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteEngine, type Engine } from '../../src/server/engines/index.ts';
import { loadFixtures } from '../../src/server/fixtures/index.ts';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { RECORDED_RELEASES, readRecording, readRecordingMeta } from '../helpers/ckan-recordings.ts';
import { replayExchange } from '../helpers/replay-fidelity.ts';

const fixturesDir = fileURLToPath(new URL('../../fixtures', import.meta.url));
const token = 'dump-fidelity-token';
let engine: Engine | undefined;

beforeAll(async () => {
  engine = await openPgliteEngine(await loadFixtures(fixturesDir));
}, 120_000);

afterAll(async () => {
  await engine?.close();
});

describe.each(RECORDED_RELEASES)('/datastore/dump as the CKAN of test/ckan-recordings/%s', (folder) => {
  const meta = readRecordingMeta(folder);
  let server: ReferenceServer | undefined;
  beforeAll(async () => {
    server = await startReferenceServer({
      fixturesDir,
      ...(engine === undefined ? {} : { engine }),
      config: { ckanRelease: meta.ckanVersion, apiTokens: [token] },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers every recorded dump request as CKAN did, and names the download as CKAN does', async () => {
    const url = server?.url ?? '';
    const target = { url, token, recordedUrl: meta.baseUrl, recordedRelease: meta.ckanVersion };
    const exchanges = readRecording(folder, 'dump');
    expect(exchanges.length).toBeGreaterThanOrEqual(28);
    const disagreements: string[] = [];
    for (const exchange of exchanges) {
      const result = await replayExchange(target, exchange);
      if (!result.agree) disagreements.push(`${exchange.id} ${exchange.path}: ${result.differences.map((d) => d.message).join('; ')}`);
      if (exchange.status !== 200) continue;
      const response = await fetch(`${url}${exchange.path}`, { headers: { authorization: token } });
      await response.arrayBuffer();
      for (const name of ['content-disposition', 'content-type']) {
        const [expected, actual] = [exchange.responseHeaders[name], response.headers.get(name)];
        if (expected !== actual) disagreements.push(`${exchange.id} ${exchange.path}: ${name} ${expected} -> ${actual}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
