// diff --requests against real reference servers over HTTP: the requests of an access log and of a HAR file are
// sent to both as the clients sent them, the altered row is found, a resource a target lacks is reported and not
// sent, and no credential of the file reaches a report.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiffSettings } from '../../src/api/index.ts';
import { diffTargets, resolveDiffOptions } from '../../src/index.ts';
import { ROOT, startDiffServers, TOKEN, type DiffServers } from '../diff/helpers.ts';

const COURSES = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const STAFF = 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff';
const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';
const SECRET = 'client-secret-4d1f9e';
let servers: DiffServers;

beforeAll(async () => {
  servers = await startDiffServers();
});

afterAll(async () => {
  await servers?.close();
});

const logLine = (target: string): string => `192.0.2.1 - - [01/Dec/2026:10:00:00 +0000] "GET ${target} HTTP/1.1" 200 100 "-" "client/1.0"`;

function settings(requests: string, extra: Partial<DiffSettings> = {}): DiffSettings {
  const side = (url: string) => ({ target: { kind: 'url' as const, url }, profileFile: 'profiles/reference.yaml', token: TOKEN });
  return { shared: { cwd: ROOT, outDir: servers.out }, sides: [side(servers.original.url), side(servers.altered.url)], catalogue: false, requests, ...extra };
}

describe('diff --requests', () => {
  it('replays an access log on both targets: finds the altered row, reports an unknown resource without sending it, keeps no credential', async () => {
    const log = path.join(servers.out, 'access.log');
    await writeFile(
      log,
      [
        logLine(`/api/3/action/datastore_search?resource_id=${COURSES}&q=optics`),
        logLine(`/fr/api/action/datastore_search?resource_id=${COURSES}&limit=2&sort=_id`),
        logLine(`/api/3/action/datastore_search?resource_id=${UNKNOWN}&q=x`),
        logLine(`/api/3/action/datastore_search?resource_id=${UNKNOWN}&limit=1`),
        logLine(`/api/3/action/datastore_search?resource_id=${STAFF}&api_key=${SECRET}`),
        logLine(`/api/3/action/datastore_search?resource_id=${STAFF}`),
        logLine(`/api/3/action/datastore_search?resource_id=${COURSES}&q=optics`),
      ].join('\n'),
    );
    const { report, reportPaths } = await diffTargets(resolveDiffOptions(settings(log)));
    expect(report.requests).toMatchObject({
      format: 'access-log',
      entries: 7,
      requests: 7,
      unique: 6,
      sent: 4,
      secretsDropped: 1,
      missingResources: [{ id: UNKNOWN, requests: 2, missingOn: ['A', 'B'] }],
    });
    expect(report.summary).toMatchObject({ total: 4, differ: 1, error: 0 });
    const [differing] = report.pairs;
    expect(differing?.id).toBe('request access.log:1');
    expect(differing?.differences.map((d) => `${d.kind} ${d.key ?? ''}`)).toEqual(['record-changed _id=3']);
    const texts = await Promise.all(reportPaths.map((p) => readFile(p, 'utf8')));
    for (const text of texts) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(TOKEN);
      expect(text).toContain(UNKNOWN);
    }
  });

  it('asks as the client did: a request sent with a credential goes with the target token, one without goes without', async () => {
    const file = path.join(servers.out, 'private.jsonl');
    const line = (auth: boolean) =>
      JSON.stringify({ method: 'GET', path: `/api/3/action/datastore_search?resource_id=${STAFF}&limit=1`, request: { headers: {}, auth, body: '' } });
    await writeFile(file, `${line(true)}\n${line(false)}\n`);
    const statuses: Array<number | undefined> = [];
    const { report } = await diffTargets(resolveDiffOptions({ ...settings(file), reportFormats: 'json' }), { onPair: (pair) => statuses.push(pair.a.status) });
    expect(report.summary).toMatchObject({ total: 2, agree: 2 });
    expect(statuses.sort()).toEqual([200, 403]);
    const saved: unknown = JSON.parse(await readFile(path.join(servers.out, 'diff.json'), 'utf8'));
    expect(saved).toMatchObject({ requests: { sent: 2, unique: 2 } });
  });

  it('sends a HAR file POST bodies to both, and a sample of them with the seed', async () => {
    const entries = Array.from({ length: 30 }, (_, offset) => ({
      request: {
        method: 'POST',
        url: 'https://data.example.org/api/3/action/datastore_search',
        headers: [{ name: 'Authorization', value: SECRET }],
        postData: { mimeType: 'application/json', text: JSON.stringify({ resource_id: COURSES, offset, limit: 1, sort: '_id' }) },
      },
    }));
    const file = path.join(servers.out, 'browser.har');
    await writeFile(file, JSON.stringify({ log: { version: '1.2', entries } }, null, 1));
    const sent: string[] = [];
    const { report } = await diffTargets(resolveDiffOptions({ ...settings(file), sample: 5, seed: 3 }), { onPair: (pair) => sent.push(pair.request) });
    expect(report.requests).toMatchObject({ format: 'har', unique: 30, sent: 5, sample: { count: 5, seed: 3 }, secretsDropped: 30 });
    expect(sent).toHaveLength(5);
    // offset 2 is the altered row (_id 3): it differs exactly when the sample holds it
    expect(report.summary.differ).toBe(sent.some((request) => request.includes('"offset":2,')) ? 1 : 0);
    const again = await diffTargets(resolveDiffOptions({ ...settings(file), sample: 5, seed: 3 }));
    expect(again.report.pairs.map((p) => p.id)).toEqual(report.pairs.map((p) => p.id));
  });
});
