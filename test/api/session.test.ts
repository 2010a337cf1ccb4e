// The composition root: a session over the reference server has its own random token that the server honours, a
// client, a readied report folder, and nothing left running once closed.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSession, withSession } from '../../src/api/index.ts';
import { makeTempDir, removeDir } from '../runner/helpers.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PRIVATE_RESOURCE = 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff';

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir('dsk-session-');
});
afterEach(async () => {
  await removeDir(dir);
});

async function searchPrivate(url: string, token: string | undefined): Promise<number> {
  const response = await request(`${url}/api/3/action/datastore_search?resource_id=${PRIVATE_RESOURCE}&limit=1`, {
    headers: token === undefined ? {} : { authorization: token },
  });
  await response.body.dump();
  return response.statusCode;
}

describe('a session', () => {
  it('starts the reference server with a fresh token it honours, readies the report folder and stops it all on close', async () => {
    const outDir = path.join(dir, 'reports');
    await withSession({ cwd: root, target: { kind: 'reference', fixturesDir: 'fixtures' } }, async (first) => {
      const session = await openSession({
        cwd: root,
        target: { kind: 'reference', fixturesDir: 'fixtures', ckanVersion: '2.10' },
        http: { timeoutMs: 5000 },
        reports: { formats: ['json'], outDir },
      });
      expect(session.reference).toBe(true);
      expect(session.label).toBe('reference:fixtures');
      expect(session.token).toMatch(/^[\w-]{20,}$/);
      expect(session.token).not.toBe(first.token);
      expect(await searchPrivate(session.url, session.token)).toBe(200);
      expect(await searchPrivate(session.url, first.token)).toBe(403);
      const answer = await session.client?.send({ method: 'GET', url: `${session.url}/api/3/action/status_show` });
      expect(answer?.status).toBe(200);
      expect(await readdir(outDir)).toEqual([]);
      await session.close();
      await session.close();
      await expect(searchPrivate(session.url, session.token)).rejects.toThrow();
    });
  });

  it('refuses an unwritable report folder before starting anything (exit 3)', async () => {
    const file = path.join(dir, 'not-a-folder');
    await writeFile(file, '');
    const opening = openSession({
      cwd: dir,
      target: { kind: 'url', url: 'http://127.0.0.1:9' },
      reports: { formats: ['json'], outDir: path.join(file, 'reports') },
    });
    await expect(opening).rejects.toMatchObject({ code: 'E_ENV' });
  });

  it('passes a URL target and its token through, with no client unless asked', async () => {
    const session = await openSession({ cwd: dir, target: { kind: 'url', url: 'http://127.0.0.1:9', token: 'secret' } });
    expect({ url: session.url, token: session.token, reference: session.reference, client: session.client }).toEqual({
      url: 'http://127.0.0.1:9',
      token: 'secret',
      reference: false,
      client: undefined,
    });
    await expect(session.openReports()).rejects.toMatchObject({ code: 'E_USAGE' });
    await session.close();
  });
});

describe('a session that cannot open', () => {
  const count = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;
  // why: a closed server (this file's or, the suite not isolating files, another's) gives up its handle in the close
  // phase of a later turn of the event loop; up to 50 turns let it go (a server left listening never does)
  const listening = async (atMost = 0): Promise<number> => {
    for (let turn = 0; turn < 50 && count() > atMost; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    return count();
  };

  it('leaves no reference server listening when its client options are refused', async () => {
    const before = await listening();
    const opening = openSession({ cwd: root, target: { kind: 'reference', fixturesDir: 'fixtures' }, http: { timeoutMs: -1 } });
    await expect(opening).rejects.toMatchObject({ code: 'E_USAGE', message: 'timeoutMs must be a positive number, got -1' });
    expect(await listening(before)).toBe(before);
  });

  it('counts a listening reference server as one more server while it is open', async () => {
    const before = await listening();
    const session = await openSession({ cwd: root, target: { kind: 'reference', fixturesDir: 'fixtures' }, http: { timeoutMs: 5000 } });
    expect(await listening(before + 1)).toBe(before + 1);
    await session.close();
    expect(await listening(before)).toBe(before);
  });
});
