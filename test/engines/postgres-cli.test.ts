// `datastore-kit serve --database-url`: the CLI runs the reference server on a real PostgreSQL server.
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { CliIo } from '../../src/cli/io.ts';
import { connectAdmin, dropOwnedDatabase, OWNED_MARK } from '../../src/server/engines/postgres-load.ts';
import { describePostgresAvailability, freePort, sharedPostgres } from '../helpers/postgres.ts';

const postgres = sharedPostgres();
afterAll(() => postgres.stop());

/** A CliIo whose stdout resolves `ready` on the server's ready line, and whose stop signal the test sends. */
function createServeIo(env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  let stop: () => void = () => undefined;
  let onReady: (line: string) => void = () => undefined;
  const ready = new Promise<string>((resolve) => (onReady = resolve));
  const stream = (append: (text: string) => void): Writable =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        append(chunk.toString());
        done();
      },
    });
  const io: CliIo = {
    stdout: stream((text) => {
      out += text;
      if (out.includes('listening on')) onReady(out);
    }),
    stderr: stream((text) => (err += text)),
    env,
    cwd: process.cwd(),
    onStop: (listener) => {
      stop = listener;
      return () => undefined;
    },
  };
  return { io, ready, stop: () => stop(), stderr: () => err };
}

// why: serve owns the database "datastore_kit"; on a shared $DATABASE_URL server that name may be in real use
const sharedServer = (process.env['DATABASE_URL'] ?? '') !== '';
const onShared = sharedServer && postgres.available ? ' (skipped: $DATABASE_URL names a shared server)' : '';
describe.skipIf(!postgres.available || sharedServer)(`serve --database-url on ${describePostgresAvailability()}${onShared}`, () => {
  it('serves the fixtures from its own database datastore_kit, then stops on a signal', async () => {
    const url = await postgres.url();
    const serve = createServeIo();
    const exit = main(['serve', '--fixtures', 'fixtures', '--port', '0', '--database-url', url], serve.io);
    const line = await Promise.race([serve.ready, exit.then((code) => `exited with ${code}: ${serve.stderr()}`)]);
    const base = /listening on (http:\/\/\S+)/.exec(line)?.[1];
    expect(base, line).toBeDefined();
    const response = await fetch(`${base}/api/3/action/datastore_search?resource_id=courses&limit=1&fields=title`);
    expect(await response.json()).toMatchObject({ success: true, result: { total: 260, records: [{ title: 'Introduction to Cartography' }] } });
    serve.stop();
    expect(await exit).toBe(0);
    const admin = await connectAdmin(url, 'test server');
    try {
      const mark = await admin.query(`SELECT shobj_description(oid, 'pg_database') AS mark FROM pg_database WHERE datname = 'datastore_kit'`);
      expect(String(mark.rows[0]?.mark)).toContain(OWNED_MARK);
    } finally {
      await dropOwnedDatabase(admin, 'datastore_kit');
      await admin.end();
    }
  });
});

describe('serve with an unreachable PostgreSQL server', () => {
  it('exits 3 with one line naming the server, password masked (URL from DATASTORE_KIT_DATABASE_URL)', async () => {
    const port = await freePort();
    const serve = createServeIo({ DATASTORE_KIT_DATABASE_URL: `postgres://kit:s3cret@127.0.0.1:${port}/x` });
    expect(await main(['serve', '--fixtures', 'fixtures', '--port', '0'], serve.io)).toBe(3);
    expect(serve.stderr()).toContain(`cannot connect to PostgreSQL at postgres://kit:***@127.0.0.1:${port}/x: `);
    expect(serve.stderr()).not.toContain('s3cret');
  });
});
