// End to end: spawn `datastore-kit serve`, read its ready line, call it over HTTP, stop it with a signal.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/server/listen.ts';
import { createTestApp, sendHttp } from '../server/helpers.ts';
import { spawnCli, type SpawnedCli } from '../helpers/spawn-cli.ts';

const readyLine = /^datastore-kit reference server listening on (http:\/\/127\.0\.0\.1:(\d+)) \((\d+) resources?, (.+)\)$/;
const startupMs = 120_000;

/** Resolves with the first stdout line, or rejects if the process exits first. */
function waitForLine(spawned: SpawnedCli): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const newline = spawned.stdout().indexOf('\n');
      if (newline !== -1) {
        spawned.child.stdout.off('data', check);
        resolve(spawned.stdout().slice(0, newline));
      }
    };
    spawned.child.stdout.on('data', check);
    void spawned.exit.then((code) => reject(new Error(`exited with ${code} before the ready line:\n${spawned.stderr()}`)));
  });
}

const started: SpawnedCli[] = [];
afterAll(() => {
  for (const spawned of started) if (spawned.child.exitCode === null) spawned.child.kill('SIGKILL');
});

describe('datastore-kit serve', () => {
  it('prints one ready line with the real port, serves the bundled fixtures, and exits 0 on SIGTERM', { timeout: startupMs }, async () => {
    const spawned = spawnCli(['serve', '--port', '0', '--api-token', 'secret-token-123'], { env: { DATASTORE_KIT_API_TOKEN: 'env-token-456' } });
    started.push(spawned);
    const line = await waitForLine(spawned);
    const match = readyLine.exec(line);
    expect(match, line).not.toBeNull();
    const url = match?.[1] ?? '';
    expect(match?.[2]).not.toBe('0');
    expect(match?.[4]).toBe('fixtures/');
    expect(line).not.toContain('secret-token-123');

    expect((await sendHttp(`${url}/api/3`)).body).toBe('{"version": 3}');
    const missing = await sendHttp(`${url}/fr/api/action/datastore_search`);
    expect(missing.status).toBe(409);
    expect(JSON.parse(missing.body)).toMatchObject({
      help: `${url}/fr/api/3/action/help_show?name=datastore_search`,
      success: false,
      error: { resource_id: ['Missing value'], __type: 'Validation Error' },
    });
    const search = await sendHttp(`${url}/api/action/datastore_search?resource_id=courses&limit=2`);
    expect(search.status).toBe(200);
    expect(JSON.parse(search.body)).toMatchObject({ success: true, result: { limit: 2 } });

    spawned.child.kill('SIGTERM');
    expect(await spawned.exit).toBe(0);
    expect(spawned.stdout().trim().split('\n')).toHaveLength(1);
    expect(spawned.stderr()).not.toContain('secret-token-123');
  });

  it('stops on SIGINT too', { timeout: startupMs }, async () => {
    const spawned = spawnCli(['serve', '--port', '0', '--no-sql']);
    started.push(spawned);
    const url = readyLine.exec(await waitForLine(spawned))?.[1] ?? '';
    const sql = await sendHttp(`${url}/api/3/action/datastore_search_sql?sql=SELECT+1`);
    expect(sql.body).toBe('"Bad request - Action name not known: datastore_search_sql"');
    spawned.child.kill('SIGINT');
    expect(await spawned.exit).toBe(0);
  });

  it('exits 2 with file and reason on bad fixtures, before listening', { timeout: startupMs }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dsk-bad-fixtures-'));
    try {
      const resource = { name: '11111111-2222-4333-8444-555555555555', path: 'missing.csv', schema: { fields: [{ name: 'a', type: 'string' }] } };
      await writeFile(path.join(dir, 'datapackage.json'), JSON.stringify({ name: 'bad', resources: [resource] }));
      const spawned = spawnCli(['serve', '--port', '0', '--fixtures', dir]);
      started.push(spawned);
      expect(await spawned.exit).toBe(2);
      expect(spawned.stdout()).toBe('');
      expect(spawned.stderr()).toContain('(E_FIXTURES_INVALID)');
      expect(spawned.stderr()).toContain('missing.csv');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 3 with E_SERVER_START when the port is in use', { timeout: startupMs }, async () => {
    const blocker = await listen(createTestApp().handle, { port: 0 });
    try {
      const port = new URL(blocker.url).port;
      const spawned = spawnCli(['serve', '--port', port]);
      started.push(spawned);
      expect(await spawned.exit).toBe(3);
      expect(spawned.stdout()).toBe('');
      expect(spawned.stderr()).toContain(`cannot listen on 127.0.0.1:${port}: address already in use (EADDRINUSE) (E_SERVER_START)`);
    } finally {
      await blocker.close();
    }
  });
});
