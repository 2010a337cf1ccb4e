// A worker thread holding a tiny node:http server that first records (a proxy in front of an upstream server),
// then replays from memory: same method, path, body, authorization and content-type -> the recorded answer. In its
// own thread, so the process measuring a client spends no CPU on serving. Messages: 'replay' (switch, reply with
// the counts), 'stats' (reply with served/misses since the last stats, then reset). A request not recorded gets a
// 404 with a CKAN-like error body and counts as a miss.
import { request as httpRequest, createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const upstream = new URL(workerData.upstream);
const recorded = new Map();
let mode = 'record';
let served = 0;
let misses = 0;
let collisions = 0;

const keyOf = (method, url, headers, body) => `${method} ${url}\n${headers['authorization'] ?? ''}\n${headers['content-type'] ?? ''}\n${body}`;

function forward(req, body) {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: upstream.host };
    const out = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, contentType: res.headers['content-type'], body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    out.on('error', reject);
    out.end(body);
  });
}

async function answer(req, body) {
  const key = keyOf(req.method, req.url, req.headers, body.toString('utf8'));
  if (mode === 'record') {
    const got = await forward(req, body);
    const before = recorded.get(key);
    if (before !== undefined && !before.body.equals(got.body)) collisions++;
    if (before === undefined) recorded.set(key, got);
    return got;
  }
  served++;
  const hit = recorded.get(key);
  if (hit !== undefined) return hit;
  misses++;
  return { status: 404, contentType: 'application/json', body: Buffer.from('{"success": false, "error": {"__type": "Not Found", "message": "not recorded"}}') };
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    answer(req, Buffer.concat(chunks)).then(
      (a) => res.writeHead(a.status, { 'content-type': a.contentType ?? 'application/octet-stream', 'content-length': a.body.length }).end(a.body),
      (error) => res.writeHead(502, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ type: 'listening', port: server.address().port }));
parentPort.on('message', (message) => {
  if (message === 'replay') {
    mode = 'replay';
    parentPort.postMessage({ type: 'replay', entries: recorded.size, collisions });
  } else if (message === 'stats') {
    parentPort.postMessage({ type: 'stats', served, misses });
    served = 0;
    misses = 0;
  } else if (message === 'close') {
    server.closeAllConnections();
    server.close(() => parentPort.close());
  }
});
