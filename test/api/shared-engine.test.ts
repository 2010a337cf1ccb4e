// Two reference servers over one folder (diff's and upgrade-check's two releases) share one engine: each answers as
// its own release over it, closing them leaves it open, and closing it ends it. Targets that are not both reference
// servers over the same folder get none.
import { mkdir, cp } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../src/api/session.ts';
import { shareReferenceEngine } from '../../src/api/shared-engine.ts';
import { makeTempDir, removeDir } from '../runner/helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const COURSES = 'df356cc6-0e13-4ba8-bc98-c4706614881b';

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir('dsk-shared-engine-');
});
afterAll(async () => {
  await removeDir(dir);
});

async function ckanVersionOf(url: string): Promise<unknown> {
  const response = await request(`${url}/api/3/action/status_show`);
  const body = (await response.body.json()) as { result?: { ckan_version?: unknown } };
  return body.result?.ckan_version;
}

async function searchStatus(url: string): Promise<number> {
  const response = await request(`${url}/api/3/action/datastore_search?resource_id=${COURSES}&limit=1`);
  await response.body.dump();
  return response.statusCode;
}

describe('shareReferenceEngine', () => {
  it('gives both reference targets over one folder the same engine, which outlives their servers until closed', async () => {
    const shared = await shareReferenceEngine(
      [root, root],
      [
        { kind: 'reference', fixturesDir: 'fixtures', ckanVersion: '2.10', ckanRelease: '2.10.7' },
        { kind: 'reference', fixturesDir: path.join(root, 'fixtures'), ckanVersion: '2.11' },
      ],
    );
    const [a, b] = shared.targets;
    if (a.kind !== 'reference' || b.kind !== 'reference') throw new Error('the targets changed kind');
    expect(a.shared?.engine).toBeDefined();
    expect(b.shared).toBe(a.shared);
    const sessions = [await openSession({ cwd: root, target: a }), await openSession({ cwd: root, target: b })];
    try {
      expect(await ckanVersionOf(sessions[0]?.url ?? '')).toBe('2.10.7');
      expect(await ckanVersionOf(sessions[1]?.url ?? '')).toMatch(/^2\.11\./);
      for (const session of sessions) expect(await searchStatus(session.url)).toBe(200);
    } finally {
      for (const session of sessions) await session.close();
    }
    // the servers are gone; the engine they shared still answers until it is closed
    await expect(a.shared?.engine.query('select 1 as one')).resolves.toMatchObject({ rows: [['1']] });
    await shared.close();
    await expect(a.shared?.engine.query('select 1 as one')).rejects.toThrow(/closed/);
  });

  it('leaves targets alone that are not both reference servers over the same folder', async () => {
    const other = path.join(dir, 'other');
    await mkdir(other);
    await cp(path.join(root, 'fixtures'), other, { recursive: true });
    const pairs = [
      [
        { kind: 'url', url: 'http://127.0.0.1:9' },
        { kind: 'reference', fixturesDir: 'fixtures' },
      ],
      [
        { kind: 'reference', fixturesDir: 'fixtures' },
        { kind: 'reference', fixturesDir: other },
      ],
    ] as const;
    for (const targets of pairs) {
      const shared = await shareReferenceEngine([root, root], targets);
      expect(shared.targets).toBe(targets);
      await shared.close();
    }
  });
});
