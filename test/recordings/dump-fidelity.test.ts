// The reference server's /datastore/dump/<id> against what real CKAN 2.9-2.12 answered (test/ckan-recordings/
// <version>/dump.jsonl.gz): every recorded exchange is sent again and must agree, body byte for byte (BOM
// included) and status; HTML error pages are the deployment's theme, so only their status is compared.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { RECORDED_VERSIONS, readRecording, readRecordingMeta } from '../helpers/ckan-recordings.ts';
import { replayExchange } from '../helpers/replay-fidelity.ts';

const fixturesDir = fileURLToPath(new URL('../../fixtures', import.meta.url));
const token = 'dump-fidelity-token';

describe.each(RECORDED_VERSIONS)('/datastore/dump as CKAN %s', (version) => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ fixturesDir, config: { ckanVersion: version, apiTokens: [token] } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers every recorded dump request as CKAN did', async () => {
    const target = { url: server.url, token, recordedUrl: readRecordingMeta(version).baseUrl, recordedRelease: readRecordingMeta(version).ckanVersion };
    const exchanges = readRecording(version, 'dump');
    expect(exchanges.length).toBe(28);
    const disagreements: string[] = [];
    for (const exchange of exchanges) {
      const result = await replayExchange(target, exchange);
      if (!result.agree) disagreements.push(`${exchange.id} ${exchange.path}: ${result.differences.map((d) => d.message).join('; ')}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('names the file in content-disposition as CKAN does', async () => {
    for (const exchange of readRecording(version, 'dump').filter((item) => item.status === 200)) {
      const response = await fetch(`${server.url}${exchange.path}`, { headers: { authorization: token } });
      await response.arrayBuffer();
      expect(response.headers.get('content-disposition')).toBe(exchange.responseHeaders['content-disposition']);
      expect(response.headers.get('content-type')).toBe(exchange.responseHeaders['content-type']);
    }
  });
});
