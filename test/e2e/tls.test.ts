// A portal on https whose certificate Node does not trust (an organisation's own CA): the kit says what is wrong and
// how to fix it, and with NODE_EXTRA_CA_CERTS (read by Node at start, so through a real process) it runs the catalogue.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import { serveOnFreePort, type TestServer } from '../helpers/http-server.ts';
import { spawnCli } from '../helpers/spawn-cli.ts';

const TLS = path.resolve(import.meta.dirname, '../helpers/tls');
const out = mkdtempSync(path.join(tmpdir(), 'dsk-tls-'));
let reference: ReferenceServer;
let portal: TestServer;

/** An https server forwarding every request to the reference server. */
function httpsFront(upstream: string): Server {
  return createServer({ key: readFileSync(path.join(TLS, 'key.pem')), cert: readFileSync(path.join(TLS, 'cert.pem')) }, async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'authorization']) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
    const answer = await fetch(`${upstream}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
}

beforeAll(async () => {
  reference = await startReferenceServer({ fixturesDir: 'fixtures', port: 0 });
  portal = await serveOnFreePort(httpsFront(reference.url));
}, 60_000);

afterAll(async () => {
  await portal?.close();
  await reference?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('a portal on https with a certificate of its own CA', () => {
  it('exits 3 saying the certificate is not trusted and how to give its CA', async () => {
    const target = portal.url.replace('http:', 'https:');
    const cli = spawnCli(['run', '--target', target, '--profile', 'profiles/reference.yaml', '--report', 'json', '--out', out]);
    expect(await cli.exit).toBe(3);
    expect(cli.stderr()).toBe(
      `target ${target} is unreachable: TLS error DEPTH_ZERO_SELF_SIGNED_CERT: the server certificate is not trusted here; if your organisation's own CA signed it, give that CA's certificate with NODE_EXTRA_CA_CERTS=/path/to/ca.pem (E_UNREACHABLE)\n`,
    );
  });

  it('runs the catalogue once NODE_EXTRA_CA_CERTS gives the certificate', async () => {
    const target = portal.url.replace('http:', 'https:');
    const cli = spawnCli(['run', '--target', target, '--profile', 'profiles/reference.yaml', '--report', 'json', '--out', out], {
      env: { NODE_EXTRA_CA_CERTS: path.join(TLS, 'cert.pem') },
    });
    expect(await cli.exit).toBe(0);
    expect(cli.stdout()).toMatch(/\n\d+ passed, 0 failed, 0 errored/);
  }, 60_000);
});
