// Issue 36 item 4 over HTTP: a second correct server that lists SQL rows of a statement without ORDER BY in another
// order, writes another statement text in an error's info and pads JSONP otherwise agrees with the reference
// server; one that loses an SQL row still disagrees.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffTargets, resolveDiffOptions, type ReferenceServer } from '../../src/index.ts';
import type { TestServer } from '../helpers/http-server.ts';
import { ROOT, startServer, TOKEN } from './helpers.ts';
import { startReshapingProxy } from './reshaping-proxy.ts';

const CASES = `cases:
  - id: norm/sql-unordered
    title: SQL rows without ORDER BY
    spec: [api.md#4.2/sql]
    class: sql
    needs: [sql]
    request:
      action: datastore_search_sql
      params: { sql: 'SELECT "title", "stage" FROM "\${resources.courses}" WHERE "stage" = ''Advanced''' }
    expect: { status: 200 }
  - id: norm/sql-error
    title: An SQL error carries the statement CKAN ran
    spec: [api.md#4.2/sql]
    class: sql
    needs: [sql]
    request:
      action: datastore_search_sql
      params: { sql: 'SELECT "nope" FROM "\${resources.courses}"' }
    expect: { status: 409 }
  - id: norm/jsonp
    title: A JSONP answer
    spec: [api.md#4.1/get]
    class: search
    needs: [jsonp]
    request:
      action: datastore_search
      method: GET
      params: { resource_id: '\${resources.courses}', limit: 3, callback: cb }
    expect: { status: 200 }
`;

let reference: ReferenceServer;
let faithful: TestServer;
let lossy: TestServer;
let dir: string;

beforeAll(async () => {
  reference = await startServer(path.join(ROOT, 'fixtures'));
  [faithful, lossy] = await Promise.all([startReshapingProxy(reference.url), startReshapingProxy(reference.url, { dropLastSqlRow: true })]);
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-norm-'));
  await mkdir(path.join(dir, 'cases'));
  await writeFile(path.join(dir, 'cases', 'norm.yaml'), CASES);
});

afterAll(async () => {
  await Promise.all([faithful?.close(), lossy?.close()]);
  await reference?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

async function diffWith(url: string) {
  const side = (target: string) => ({ target: { kind: 'url' as const, url: target }, profileFile: 'profiles/reference.yaml', token: TOKEN });
  const options = resolveDiffOptions({
    shared: { cwd: ROOT, casesDir: path.join(dir, 'cases'), outDir: path.join(dir, 'out'), reportFormats: ['json'] },
    sides: [side(reference.url), side(url)],
  });
  return (await diffTargets(options)).report;
}

describe('diff normalisation', () => {
  it('reports no difference for SQL row order without ORDER BY, another statement text, or JSONP padding', async () => {
    const report = await diffWith(faithful.url);
    expect(report.summary).toMatchObject({ total: 3, agree: 3, differ: 0, error: 0 });
  });

  it('still finds an SQL answer that lost a row', async () => {
    const report = await diffWith(lossy.url);
    expect(report.summary).toMatchObject({ total: 3, differ: 1 });
    expect(report.pairs[0]).toMatchObject({ id: 'norm/sql-unordered' });
    expect(report.pairs[0]?.differences.map((d) => d.kind)).toEqual(['record-removed']);
  });
});
