// End to end: spawn `datastore-kit serve`, read its ready line, call it over HTTP, stop it with a signal. Start-up
// failures, which never reach the process around main(), run in-process.
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from '../../src/server/listen.ts';
import { createTestApp, sendHttp } from '../server/helpers.ts';
import { spawnCli, type SpawnedCli } from '../helpers/spawn-cli.ts';
import { runCliInProcess } from '../helpers/captured-io.ts';

const readyLine = /^datastore-kit reference server listening on (http:\/\/127\.0\.0\.1:(\d+)) \((\d+) resources?, (.+)\) as CKAN (2\.\d+)$/;
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

const root = path.resolve(import.meta.dirname, '../..');
const started: SpawnedCli[] = [];
const cleanups: string[] = [];
afterAll(async () => {
  for (const spawned of started) if (spawned.child.exitCode === null) spawned.child.kill('SIGKILL');
  await Promise.all(cleanups.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('datastore-kit serve', () => {
  it('prints one ready line with the real port, serves the bundled fixtures from a folder without any, and exits 0 on SIGTERM', {
    timeout: startupMs,
  }, async () => {
    // why: a project that installed the kit has no fixtures/ of its own; node_modules is linked as it would be there
    const project = await mkdtemp(path.join(tmpdir(), 'dsk-serve-project-'));
    cleanups.push(project);
    await symlink(path.join(root, 'node_modules'), path.join(project, 'node_modules'));
    const spawned = spawnCli(['serve', '--port', '0', '--api-token', 'secret-token-123'], { cwd: project, env: { DATASTORE_KIT_API_TOKEN: 'env-token-456' } });
    started.push(spawned);
    const line = await waitForLine(spawned);
    const match = readyLine.exec(line);
    expect(match, line).not.toBeNull();
    const url = match?.[1] ?? '';
    expect(match?.[2]).not.toBe('0');
    expect(match?.[4]).toBe(`${path.join(root, 'fixtures')}/`);
    expect(match?.[5]).toBe('2.11');
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

  it('reads tokens from --api-token-file, which keeps them out of the process arguments (ps); --no-sql; stops on SIGINT', { timeout: startupMs }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dsk-token-file-'));
    try {
      await writeFile(path.join(dir, 'tokens'), 'file-token-1\nfile-token-2\n');
      const spawned = spawnCli(['serve', '--port', '0', '--api-token-file', path.join(dir, 'tokens'), '--no-sql']);
      started.push(spawned);
      const url = readyLine.exec(await waitForLine(spawned))?.[1] ?? '';
      const staff = `${url}/api/3/action/datastore_search?resource_id=staff&limit=1`;
      expect((await sendHttp(staff)).status).toBe(403);
      for (const token of ['file-token-1', 'file-token-2']) {
        expect((await sendHttp(staff, { headers: { authorization: token } })).status).toBe(200);
      }
      const cmdline = await readFile(`/proc/${spawned.child.pid}/cmdline`, 'utf8').catch(() => spawned.child.spawnargs.join(' '));
      expect(cmdline).toContain('--api-token-file');
      expect(cmdline).not.toContain('file-token-1');
      const sql = await sendHttp(`${url}/api/3/action/datastore_search_sql?sql=SELECT+1`);
      expect(sql.body).toBe('"Bad request - Action name not known: datastore_search_sql"');
      spawned.child.kill('SIGINT');
      expect(await spawned.exit).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 with one line when --api-token-file cannot be read', { timeout: startupMs }, async () => {
    const cli = await runCliInProcess(['serve', '--port', '0', '--api-token-file', 'no/such/tokens']);
    expect(cli.code).toBe(2);
    expect(cli.stdout).toBe('');
    expect(cli.stderr.trim().split('\n')).toEqual([expect.stringContaining('--api-token-file no/such/tokens: cannot read the file')]);
  });

  it('exits 2 with file and reason on bad fixtures, before listening', { timeout: startupMs }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dsk-bad-fixtures-'));
    try {
      const resource = { name: '11111111-2222-4333-8444-555555555555', path: 'missing.csv', schema: { fields: [{ name: 'a', type: 'string' }] } };
      await writeFile(path.join(dir, 'datapackage.json'), JSON.stringify({ name: 'bad', resources: [resource] }));
      const cli = await runCliInProcess(['serve', '--port', '0', '--fixtures', dir]);
      expect(cli.code).toBe(2);
      expect(cli.stdout).toBe('');
      expect(cli.stderr).toContain('(E_FIXTURES_INVALID)');
      expect(cli.stderr).toContain('missing.csv');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 3 with E_SERVER_START when the port is in use', { timeout: startupMs }, async () => {
    const blocker = await listen(createTestApp().handle, { port: 0 });
    try {
      const port = new URL(blocker.url).port;
      const cli = await runCliInProcess(['serve', '--port', port]);
      expect(cli.code).toBe(3);
      expect(cli.stdout).toBe('');
      expect(cli.stderr).toContain(`cannot listen on 127.0.0.1:${port}: address already in use (EADDRINUSE) (E_SERVER_START)`);
    } finally {
      await blocker.close();
    }
  });
});
