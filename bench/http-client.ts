// Requests per second of createHttpClient against global fetch (the in-run baseline), at concurrency 1/16/64,
// against a small node:http server in a worker thread. Usage: tsx bench/http-client.ts [seconds per measurement]
import { Worker } from 'node:worker_threads';
import { createHttpClient } from '../src/http/index.ts';
import { createBenchReport } from './lib/result.ts';

const SERVER_CODE = `
const { createServer } = require('node:http');
const { parentPort } = require('node:worker_threads');
const body = JSON.stringify({ help: 'x', success: true, result: { records: [{ _id: 1, title: 'a' }, { _id: 2, title: 'b' }] } });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

type Send = () => Promise<void>;

async function measure(send: Send, concurrency: number, seconds: number): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      await send();
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 3);
  const server = new Worker(SERVER_CODE, { eval: true });
  const port = await new Promise<number>((resolve) => server.once('message', resolve));
  const url = `http://127.0.0.1:${port}/api/action/datastore_search`;
  const payload = JSON.stringify({ resource_id: 'r', limit: 2 });
  const headers = { 'content-type': 'application/json' };
  console.log(`http client vs fetch, ${seconds} s per measurement, server in a worker thread (node ${process.version})`);
  console.log('concurrency  client req/s  fetch req/s  ratio');
  const report = createBenchReport('http', { title: 'createHttpClient vs global fetch, requests/s', sizes: { secondsPerMeasurement: seconds } });
  for (const concurrency of [1, 16, 64]) {
    const client = createHttpClient({ concurrency });
    const viaClient: Send = async () => {
      const response = await client.send({ method: 'POST', url, headers, body: payload });
      if (response.status !== 200) throw new Error(`status ${response.status}`);
    };
    const viaFetch: Send = async () => {
      const response = await fetch(url, { method: 'POST', headers, body: payload });
      await response.text();
      if (response.status !== 200) throw new Error(`status ${response.status}`);
    };
    await measure(viaClient, concurrency, 0.3); // warm-up: connections, JIT
    const clientRps = await measure(viaClient, concurrency, seconds);
    await measure(viaFetch, concurrency, 0.3);
    const fetchRps = await measure(viaFetch, concurrency, seconds);
    await client.close();
    const row = [String(concurrency).padStart(11), clientRps.toFixed(0).padStart(13), fetchRps.toFixed(0).padStart(12)];
    console.log(`${row.join('')}  ${(clientRps / fetchRps).toFixed(2)}x`);
    const subject = report.figure(`client, concurrency ${concurrency}`, clientRps, 'req/s');
    const baseline = report.figure(`fetch, concurrency ${concurrency}`, fetchRps, 'req/s');
    report.goal({ name: `client vs fetch at concurrency ${concurrency}`, subject, baseline, op: '>=', limit: 1 });
  }
  await server.terminate();
  await report.finish();
}

await main();
