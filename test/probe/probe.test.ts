// `datastore-kit probe` against a data set the catalogue was not written for: the profile names what the target
// has, each value occurs as the target answers, what cannot be found is left out with a reason, and failures
// (unreachable, no DataStore API, existing --out) write nothing.
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { loadProfile, type Profile } from '../../src/index.ts';
import { createHttpClient } from '../../src/http/index.ts';
import { probeTarget, PROBE_VALUES } from '../../src/probe/index.ts';
import { captureIo } from '../helpers/captured-io.ts';
import { actionOf, jsonAnswer, readParams, successAnswer } from '../mutants/alter.ts';
import { createUpstream, startMutantProxy, type MutantHandler } from '../mutants/proxy.ts';
import { serveOnFreePort } from '../helpers/http-server.ts';
import { LIBRARY_TOKEN, LOANS_ID, MEMBERS_ID, SHELF_ALIAS, SHELF_ID, startLibraryServer, type LibraryServer } from './library-data.ts';

const ROOT = path.resolve('.');
let library: LibraryServer;
let dir: string;
let tokenFile: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dsk-probe-'));
  tokenFile = path.join(dir, 'token');
  await writeFile(tokenFile, `${LIBRARY_TOKEN}\n`);
  library = await startLibraryServer();
}, 120_000);

afterAll(async () => {
  await library?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

async function probe(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const captured = captureIo(ROOT);
  const code = await main(['probe', ...args], captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

/** datastore_search on the library server, straight over HTTP. */
async function searchTotal(url: string, params: Record<string, unknown>): Promise<number> {
  const response = await fetch(`${url}/api/action/datastore_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...params, limit: 0 }),
  });
  const body = (await response.json()) as { result: { total: number } };
  return body.result.total;
}

describe('probe on a data set the catalogue was not written for', () => {
  let profile: Profile;
  let text: string;
  let values: Record<string, unknown>;

  beforeAll(async () => {
    const out = path.join(dir, 'library.yaml');
    const run = await probe(['--target', library.url, '--token-file', tokenFile, '--out', out]);
    expect(run.stderr).toMatch(/^probe: wrote /);
    expect(run.code).toBe(0);
    text = await readFile(out, 'utf8');
    profile = await loadProfile(out);
    values = profile.values ?? {};
  }, 60_000);

  it('names the resources by what they are: public with rows, a second one, the private one', () => {
    expect(profile.name).toBe('library');
    expect(profile.data).toBe('other');
    expect(profile.resources).toEqual({ courses: SHELF_ID, measurements: LOANS_ID, staff: MEMBERS_ID });
    expect(text).toContain('# typeSamples: left out: specific to the bundled fixtures');
  });

  it("lists the capabilities the target has (ckan: the reference server's status_show names 2.11.5)", () => {
    expect([...profile.capabilities].sort()).toEqual(['ckan', 'distinct', 'fields', 'jsonp', 'locale', 'offset', 'private', 'sort', 'sql', 'token', 'total']);
    expect(profile.ckan).toBe('2.11');
    expect(values['coursesAlias']).toBe(SHELF_ALIAS);
    expect(values['privateField']).toMatch(/^(full_name|town)$/);
  });

  it('writes values that occur, each with the count the target answers', async () => {
    const field = String(values['categoryField']);
    const value = String(values['categoryValue']);
    const total = await searchTotal(library.url, { resource_id: SHELF_ID, filters: { [field]: value } });
    expect(total).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`categoryValue: ${value} # ${total} records`);
    const both = await searchTotal(library.url, { resource_id: SHELF_ID, filters: { [field]: value, [String(values['secondField'])]: values['secondValue'] } });
    expect(both).toBeGreaterThanOrEqual(1);
    expect(both).toBeLessThan(total);
    const word = String(values['searchWord']);
    expect(await searchTotal(library.url, { resource_id: SHELF_ID, q: word })).toBeGreaterThanOrEqual(1);
    expect(await searchTotal(library.url, { resource_id: SHELF_ID, q: String(values['absentWord']) })).toBe(0);
  });

  it('finds every value it knows, whether or not this catalogue uses it (the language-rule words too)', async () => {
    const client = createHttpClient({ concurrency: 2 });
    const all = (await probeTarget({ targetUrl: library.url, token: LIBRARY_TOKEN }, client).finally(() => client.close())).profile.values ?? {};
    expect(Object.keys(all).sort()).toEqual(Object.keys(PROBE_VALUES).sort());
    expect(all['rowCount']).toBe(72);
    expect(all['stemWord']).toBe('gardening');
    expect(all['stemText']).toBe('garden');
    expect(await searchTotal(library.url, { resource_id: SHELF_ID, q: `${String(all['searchPrefix'])}:*`, plain: false })).toBeGreaterThanOrEqual(1);
    expect(await searchTotal(library.url, { resource_id: SHELF_ID, q: `${String(all['searchPrefix'])}:*` })).toBe(0);
    expect(all['arrayField']).toBe('labels');
    expect(all['arrayValue']).toEqual(['signed', 'first edition']);
    expect(all['likePattern']).toMatch(/^%\p{Ll}+%$/u);
  });
});

describe('probe leaves out what it cannot find', () => {
  it('without SQL and without a token: no sql/token capability, SQL values and the private column left out with why', async () => {
    const noSql = await startLibraryServer({ sqlEnabled: false });
    try {
      const run = await probe(['--target', noSql.url]);
      expect(run.code).toBe(0);
      expect(run.stdout).not.toMatch(/^ {2}- (sql|token)\b/m);
      expect(run.stdout).toMatch(/^ {2}- private/m);
      expect(run.stdout).toMatch(/# likePattern: left out: datastore_search_sql is not enabled/);
      expect(run.stdout).toMatch(/# privateField: left out: the private resource could not be read/);
      expect(run.stderr).toMatch(/left out capabilities\.sql: datastore_search_sql answered 400/);
    } finally {
      await noSql.close();
    }
  }, 60_000);
});

describe('probe on a site whose _table_metadata is closed', () => {
  it('finds the DataStore resources through package_search', async () => {
    const closedMetadata: MutantHandler = async (request, upstream) => {
      const params = readParams(request);
      if (actionOf(request) === 'datastore_search' && params?.['resource_id'] === '_table_metadata') {
        return jsonAnswer(403, { success: false, error: { __type: 'Authorization Error', message: 'Access denied' } });
      }
      if (actionOf(request) !== 'package_search') return upstream(request);
      const resources = [
        { id: SHELF_ID, datastore_active: true },
        { id: 'not-in-the-datastore', datastore_active: false },
        { id: LOANS_ID, datastore_active: true },
      ];
      return successAnswer('package_search', { count: 1, results: [{ name: 'library', resources }] });
    };
    const proxy = await startMutantProxy(closedMetadata, createUpstream(library.url).upstream);
    try {
      const run = await probe(['--target', proxy.url]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('# Resources from: package_search (2 DataStore resources), 2 examined');
      expect(run.stdout).toContain(`  courses: ${SHELF_ID} #`);
      expect(run.stdout).toContain(`  measurements: ${LOANS_ID} #`);
      expect(run.stdout).toMatch(/# coursesAlias: left out: _table_metadata: datastore_search answered 403/);
    } finally {
      await proxy.close();
    }
  }, 60_000);
});

describe('probe keeps the LIKE patterns the data shows', () => {
  it.each([
    [
      'refuses ILIKE',
      (sql: string) => (/\bILIKE\b/.test(sql) ? 'refused' : sql),
      /^ {2}likePattern: "%\p{Ll}+%" # \d+ records? \(SQL LIKE\), ILIKE not answered/mu,
    ],
    [
      'runs LIKE as ILIKE',
      (sql: string) => sql.replace(/\bLIKE\b/g, 'ILIKE'),
      /^ {2}likePattern: "%\p{Ll}+%" # \d+ records? \(SQL LIKE\), ILIKE \d+ too, though/mu,
    ],
  ])(
    'when the site %s: likePattern and likeOtherCase from the sample, not left out',
    async (_what, rewrite, note) => {
      const handler: MutantHandler = (request, upstream) => {
        const params = readParams(request);
        if (actionOf(request) !== 'datastore_search_sql' || typeof params?.['sql'] !== 'string') return upstream(request);
        const sql = rewrite(params['sql']);
        if (sql === 'refused') return Promise.resolve(jsonAnswer(409, { success: false, error: { message: 'ILIKE is not supported' } }));
        return upstream({ ...request, body: JSON.stringify({ ...params, sql }) });
      };
      const proxy = await startMutantProxy(handler, createUpstream(library.url).upstream);
      try {
        const run = await probe(['--target', proxy.url]);
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(note);
        expect(run.stdout).toMatch(/^ {2}likeOtherCase: "%\p{Lu}\p{Ll}+%" # \d+ records? \(SQL LIKE\)/mu);
      } finally {
        await proxy.close();
      }
    },
    60_000,
  );
});

describe('probe reads the CKAN version from status_show', () => {
  it('writes ckan: "2.10" and the ckan capability for a CKAN 2.10 site', async () => {
    const older = await startLibraryServer({ ckanVersion: '2.10' });
    try {
      const run = await probe(['--target', older.url]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^ckan: "2\.10" # status_show: ckan_version 2\.10\.\d+$/m);
      expect(run.stdout).toMatch(/^ {2}- ckan # answers as CKAN 2\.10 does/m);
      expect(run.stdout).not.toContain('ckan-2.11');
    } finally {
      await older.close();
    }
  }, 60_000);
});

describe('probe within limits the user sets', () => {
  it('uses the resources named with --resource NAME=ID instead of discovering', async () => {
    const run = await probe(['--target', library.url, '--resource', `courses=${LOANS_ID}`, '--resource', `measurements=${SHELF_ID}`]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`  courses: ${LOANS_ID} # named with --resource, public, 25 rows`);
    expect(run.stdout).toContain(`  measurements: ${SHELF_ID} # named with --resource`);
    expect(run.stdout).toMatch(/^ {2}textField: member /m);
    expect(run.stderr).toMatch(/left out .*resources\.staff: no private resource among those examined \(--resource\)/);
  });

  it('uses the values pinned with --value NAME=VALUE and looks for the values that depend on them in that column', async () => {
    const out = path.join(dir, 'pinned.yaml');
    const run = await probe(['--target', library.url, '--value', 'categoryField=shelf', '--value', 'rowsMax=500', '--examine-ms', '5000', '--out', out]);
    expect(run.code).toBe(0);
    const values = (await loadProfile(out)).values ?? {};
    expect(values['categoryField']).toBe('shelf');
    expect(['Fiction', 'History', 'Science', 'Travel']).toContain(values['categoryValue']);
    expect(['Fiction', 'History', 'Science', 'Travel']).toContain(values['otherCategoryValue']);
    expect(values['rowsMax']).toBe(500);
    expect(await readFile(out, 'utf8')).toContain('rowsMax: 500 # given with --value');
  });

  it('refuses --value with a name probe does not know, naming the closest one (exit 2)', async () => {
    const run = await probe(['--target', library.url, '--value', 'categoryFeild=shelf']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--value categoryFeild: unknown value name (did you mean categoryField?)');
    const bare = await probe(['--target', library.url, '--value', 'categoryField']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--value categoryField: give NAME=VALUE');
  });

  it('refuses --resource with a logical name the catalogue does not use (exit 2)', async () => {
    const run = await probe(['--target', library.url, '--resource', `cources=${SHELF_ID}`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--resource cources=');
    expect(run.stderr).toContain('name one of courses, measurements, staff');
  });

  it('stops asking after --max-requests and says what it left out because of it', async () => {
    const run = await probe(['--target', library.url, '--max-requests', '10']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/\(10 requests\)/);
    expect(run.stdout).toMatch(/left out: the request budget \(10 requests, --max-requests\) is spent/);
  });
});

describe('probe writes --out', () => {
  it('into folders it makes when missing', async () => {
    const out = path.join(dir, 'new', 'profiles', 'mine.yaml');
    const run = await probe(['--target', library.url, '--out', out]);
    expect(run.code).toBe(0);
    expect(await readFile(out, 'utf8')).toMatch(/^name: mine$/m);
  });
});

describe('probe failures write nothing', () => {
  it('refuses an existing --out without --force (exit 2) and leaves the file as it was', async () => {
    const out = path.join(dir, 'kept.yaml');
    await writeFile(out, 'mine\n');
    const run = await probe(['--target', library.url, '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('exists; pass --force to overwrite it');
    expect(await readFile(out, 'utf8')).toBe('mine\n');
  });

  it('stops at an unreachable target with exit 3 and one line', async () => {
    const closed = await serveOnFreePort(createServer());
    await closed.close();
    const out = path.join(dir, 'unreachable.yaml');
    const run = await probe(['--target', closed.url, '--out', out, '--retries', '0']);
    expect(run.code).toBe(3);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/is unreachable: .*ECONNREFUSED/);
    await expect(readFile(out)).rejects.toThrow();
  });

  it('writes the profile when status_show drops the connection: the version left out with why (exit 0)', async () => {
    // why a server of its own: the mutant proxy always answers; this one closes the socket instead
    const dropping = await serveOnFreePort(
      createServer((req, res) => {
        if ((req.url ?? '').includes('/status_show')) {
          req.socket.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = chunks.length === 0 ? {} : { body: Buffer.concat(chunks) };
          void fetch(`${library.url}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers: { 'content-type': 'application/json' }, ...body }).then(
            async (answer) => res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' }).end(await answer.text()),
          );
        });
      }),
    );
    try {
      const run = await probe(['--target', dropping.url, '--retries', '0']);
      expect(run.stderr).not.toContain('internal error');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^ckan: auto # status_show: no answer: .*; auto reads it from the first responses$/m);
    } finally {
      await dropping.close();
    }
  }, 60_000);

  it('stops at a site without a DataStore API with exit 3, naming the URLs tried', async () => {
    const html = await serveOnFreePort(createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>')));
    try {
      const out = path.join(dir, 'html.yaml');
      const run = await probe(['--target', html.url, '--out', out]);
      expect(run.code).toBe(3);
      expect(run.stderr).toContain('has no DataStore API');
      expect(run.stderr).toContain(`${html.url}/api/3/action/datastore_search: 404 text/html`);
      expect(run.stderr).toContain(`${html.url}/api/action/datastore_search: 404 text/html`);
      await expect(readFile(out)).rejects.toThrow();
      const copied = await probe(['--target', `${html.url}/api/3/action`]);
      expect(copied.code).toBe(3);
      expect(copied.stderr).toContain(`the base URL ends in an API path: drop it, e.g. --target ${html.url}`);
    } finally {
      await html.close();
    }
  });
});
