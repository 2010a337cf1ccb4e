// Traffic files as a user gives them: an access log, JSON lines (the kit's recordings and the plain form), a HAR
// file, gzip-compressed or not; deduplicated, sampled with a seed, credentials dropped, and a bad line named.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isKitError } from '../../src/errors.ts';
import { parseTraffic, readTrafficFile } from '../../src/requests/index.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs('dsk-traffic-');
const RESOURCE = 'df356cc6-0e13-4ba8-bc98-c4706614881b';
const logLine = (target: string, method = 'GET'): string =>
  `198.51.100.4 - - [01/Dec/2026:10:00:00 +0000] "${method} ${target} HTTP/1.1" 200 931 "-" "python-requests/2.31"`;

function write(name: string, text: string | Buffer): string {
  const dir = tempDir();
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
}

async function readError(file: string): Promise<string> {
  try {
    await readTrafficFile(file, { cwd: '/' });
  } catch (error) {
    if (isKitError(error)) return `${error.message} exit ${error.exitCode}`;
    throw error;
  }
  return 'no error';
}

describe('readTrafficFile', () => {
  it('reads an access log: each distinct GET of a read action once, counted, the rest counted by reason', async () => {
    const file = write(
      'access.log',
      [
        logLine(`/api/3/action/datastore_search?resource_id=${RESOURCE}&q=optics`),
        logLine('/dataset/courses'),
        logLine(`/api/3/action/datastore_search?q=optics&resource_id=${RESOURCE}`),
        '',
        logLine(`/fr/api/action/datastore_search?resource_id=${RESOURCE}&api_key=SECRET-KEY`),
        logLine('/api/3/action/datastore_search', 'POST'),
        logLine('/api/3/action/package_update?id=x'),
      ].join('\n'),
    );
    const { requests, summary } = await readTrafficFile(file, { cwd: '/' });
    expect(requests.map((r) => [r.source, r.locale, r.query, r.occurrences, r.auth])).toEqual([
      ['access.log:1', null, `resource_id=${RESOURCE}&q=optics`, 2, false],
      ['access.log:5', 'fr', `resource_id=${RESOURCE}`, 1, true],
    ]);
    expect(summary).toEqual({
      file,
      format: 'access-log',
      entries: 6,
      requests: 3,
      unique: 2,
      skipped: { 'not an API action call': 1, 'a POST without its body (access logs keep none)': 1, 'not a DataStore read action (never replayed)': 1 },
      secretsDropped: 1,
    });
    expect(JSON.stringify(requests)).not.toContain('SECRET-KEY');
  });

  it('reads the kit recordings gzip-compressed, POST bodies kept as sent', async () => {
    const lines = [
      {
        seq: 1,
        method: 'POST',
        path: '/api/action/datastore_search',
        request: { headers: { 'content-type': 'application/json' }, auth: true, body: `{"resource_id":"${RESOURCE}","limit":5}` },
        response: { status: 200 },
      },
      {
        seq: 2,
        method: 'POST',
        path: '/api/action/datastore_search',
        request: { headers: { 'content-type': 'application/json' }, auth: true, body: `{"limit":5,"resource_id":"${RESOURCE}"}` },
        response: { status: 200 },
      },
      { seq: 3, method: 'GET', path: '/api/3/action/status_show', request: { headers: {}, auth: false, body: '' }, response: { status: 200 } },
    ];
    const file = write('catalogue.jsonl.gz', gzipSync(lines.map((line) => JSON.stringify(line)).join('\n')));
    const { requests, summary } = await readTrafficFile(file, { cwd: '/' });
    expect(summary).toMatchObject({ format: 'jsonl', entries: 3, requests: 3, unique: 2 });
    expect(requests[0]).toMatchObject({ method: 'POST', auth: true, occurrences: 2, body: { text: `{"resource_id":"${RESOURCE}","limit":5}` } });
  });

  it('reads a HAR file: requests, POST bodies, headers and cookies dropped', async () => {
    const har = {
      log: {
        version: '1.2',
        entries: [
          {
            request: {
              method: 'POST',
              url: 'https://data.example.org/api/3/action/datastore_search',
              headers: [
                { name: 'Cookie', value: 'session=COOKIE-VALUE' },
                { name: 'Content-Type', value: 'application/json' },
              ],
              postData: { mimeType: 'application/json', text: `{"resource_id":"${RESOURCE}"}` },
            },
            response: { status: 200 },
          },
          { request: { method: 'GET', url: 'https://data.example.org/images/logo.png', headers: [] } },
        ],
      },
    };
    const file = write('session.har', JSON.stringify(har, null, 2));
    const { requests, summary } = await readTrafficFile(file, { cwd: '/' });
    expect(summary).toMatchObject({ format: 'har', entries: 2, requests: 1, secretsDropped: 1 });
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        auth: true,
        body: { text: `{"resource_id":"${RESOURCE}"}`, contentType: 'application/json' },
        source: 'session.har:5',
      }),
    ]);
    expect(JSON.stringify(requests)).not.toContain('COOKIE-VALUE');
  });

  it('draws the same sample with the same seed from the same requests in any order, and another with another seed', async () => {
    const targets = Array.from({ length: 200 }, (_, i) => logLine(`/api/3/action/datastore_search?resource_id=${RESOURCE}&offset=${i}`));
    const forward = write('a.log', targets.join('\n'));
    const backward = write('b.log', [...targets].reverse().join('\n'));
    const pick = async (file: string, seed: number) =>
      (await readTrafficFile(file, { cwd: '/', sample: { count: 10, seed } })).requests.map((r) => r.query).sort();
    const first = await pick(forward, 1);
    expect(first).toHaveLength(10);
    expect(await pick(backward, 1)).toEqual(first);
    expect(await pick(forward, 2)).not.toEqual(first);
    expect((await readTrafficFile(forward, { cwd: '/', sample: { count: 10, seed: 1 } })).summary).toMatchObject({
      unique: 200,
      sample: { count: 10, seed: 1 },
    });
  });

  it.each([
    ['access.log', `${logLine('/api/3/action/datastore_search?q=a')}\nnot a log line at all\n`, 'access.log:2 not a line of the common or combined log format'],
    [
      't.jsonl',
      '{"method":"GET","path":"/api/action/status_show"}\n\n{"method":"GET","path":"/api/action/status_show","headers":{"Authorization":5}}\n',
      't.jsonl:3 /headers/Authorization must be a string',
    ],
    ['t.jsonl', '{"method":"GET","url":"/api/action/status_show?token=SECRET"}\n{"method": "GET", "url": "SECRET\n', 't.jsonl:2 is not JSON'],
    ['s.har', '{"log": {"entries": [{"request": {"method": "GET"}}]}}', 's.har:1 /log/entries/0/request/url must be a string'],
    ['s.har', '{\n "log": {\n  "entries": [\n   {"request": {"method": "GET", "url": "/api/3/action/status_show"}}', 's.har:4 ends inside a value'],
  ])('names the file, the line and what is wrong in %s, without quoting it (exit 2)', async (name, text, message) => {
    const error = await readError(write(name, text));
    expect(error).toContain(message);
    expect(error).toContain('(E_REQUESTS_INVALID) exit 2');
    expect(error).not.toContain('SECRET');
  });

  it('says when the file cannot be read (exit 2)', async () => {
    expect(await readError(path.join(tempDir(), 'missing.log'))).toMatch(/cannot read the requests file .*missing\.log: ENOENT exit 2/);
  });
});

describe('parseTraffic', () => {
  it('streams a file of 100,000 lines: each request comes out as soon as its line is read', async () => {
    let pulled = 0;
    async function* lines(): AsyncGenerator<string> {
      for (let i = 0; i < 100_000; i++) {
        pulled++;
        yield `${logLine(`/api/3/action/datastore_search?resource_id=${RESOURCE}&offset=${i % 500}`)}\n`;
      }
    }
    let seen = 0;
    let mostAhead = 0;
    for await (const { entry } of parseTraffic(lines(), 'big.log', 'access-log')) {
      if (entry.kind !== 'request') continue;
      seen++;
      mostAhead = Math.max(mostAhead, pulled - seen);
    }
    expect(seen).toBe(100_000);
    // at most one chunk is read ahead of the request it holds: the file is never held whole
    expect(mostAhead).toBeLessThanOrEqual(1);
  });
});
