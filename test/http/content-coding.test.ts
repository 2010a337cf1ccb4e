// Compressed answers: a portal behind a proxy may gzip its JSON, asked or not.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rejection, useClientServers } from './servers.ts';

const SEARCH = '/api/action/datastore_search';
const JSON_TEXT = JSON.stringify({ success: true, result: { records: [{ title: 'Über die Brücke', n: 1 }] } });
const { setUp } = useClientServers();

describe('the HTTP client and Content-Encoding', () => {
  it('asks for gzip, deflate and br, unless the request names its own Accept-Encoding', async () => {
    const { server, client } = await setUp((_req, res) => res.writeHead(200).end('{}'));
    await client.send({ method: 'GET', url: server.url + SEARCH });
    await client.send({ method: 'GET', url: server.url + SEARCH, headers: { 'Accept-Encoding': 'identity' } });
    expect(server.requests.map((r) => r.headers['accept-encoding'])).toEqual(['gzip, deflate, br', 'identity']);
  });

  it.each([
    ['gzip', gzipSync(JSON_TEXT)],
    ['x-gzip', gzipSync(JSON_TEXT)],
    ['deflate', deflateSync(JSON_TEXT)],
    ['br', brotliCompressSync(JSON_TEXT)],
    ['identity', Buffer.from(JSON_TEXT)],
    // applied in order: gzip first, then br
    ['gzip, br', brotliCompressSync(gzipSync(JSON_TEXT))],
    ['GZIP', gzipSync(JSON_TEXT)],
  ])('reads a body in Content-Encoding %s as the JSON it holds', async (coding, bytes) => {
    const { server, client } = await setUp((_req, res) => res.writeHead(200, { 'content-encoding': coding, 'content-type': 'application/json' }).end(bytes));
    const response = await client.send({ method: 'GET', url: server.url + SEARCH });
    expect(response).toMatchObject({ status: 200, body: JSON_TEXT, bodyTruncated: false });
    expect(response.headers['content-encoding']).toBe(coding);
  });

  it('decodes a compressed body sent whether asked or not, as a proxy may', async () => {
    const { server, client } = await setUp((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(JSON_TEXT)));
    const response = await client.send({ method: 'GET', url: server.url + SEARCH, headers: { 'accept-encoding': 'identity' } });
    expect(response.body).toBe(JSON_TEXT);
  });

  it.each([
    ['gzip', Buffer.from('{"not": "gzip"}'), 'body not readable as Content-Encoding gzip: incorrect header check'],
    ['gzip', gzipSync(JSON_TEXT).subarray(0, 20), 'body not readable as Content-Encoding gzip: unexpected end of file'],
    ['br', Buffer.from('{"a":1}'), 'body not readable as Content-Encoding br: Decompression failed'],
    ['zstd', Buffer.from('whatever'), 'body not readable as Content-Encoding zstd: no decoder for zstd'],
  ])('fails a body that is not %s as its header says with E_DECODE', async (coding, bytes, reason) => {
    const { server, client } = await setUp((_req, res) => res.writeHead(200, { 'content-encoding': coding }).end(bytes));
    const error = await rejection(client.send({ method: 'GET', url: server.url + SEARCH }));
    expect(error.code).toBe('E_DECODE');
    expect(error.message).toBe(`[GET] "${server.url}${SEARCH}": ${reason}`);
  });

  it('caps the decoded body: 256 MB of zeros in a 256 KB gzip stop at maxBodyBytes', async () => {
    const bomb = gzipSync(Buffer.alloc(256 * 1024 * 1024, 0), { level: 1 });
    const { server, client } = await setUp((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb), { maxBodyBytes: 1024 * 1024 });
    const response = await client.send({ method: 'GET', url: server.url + SEARCH });
    expect(response.bodyTruncated).toBe(true);
    expect(response.body.length).toBe(1024 * 1024);
  });

  it('reports a connection closed mid-way through a gzip body as a network error, not a decoding one', async () => {
    const bytes = gzipSync(JSON_TEXT.repeat(200));
    const { server, client } = await setUp((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bytes.length) });
      res.write(bytes.subarray(0, 100), () => res.socket?.destroy());
    });
    const error = await rejection(client.send({ method: 'GET', url: server.url + SEARCH }));
    expect(error.code).toBe('E_NETWORK');
    expect(error.message).toBe(`[GET] "${server.url}${SEARCH}": connection closed by the server before the response ended`);
  });
});
