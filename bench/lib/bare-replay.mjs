// The baseline of the runner bench: the same requests sent with bare undici.request at the same concurrency
// (one keep-alive Agent, as the kit's client uses), bodies read as text, nothing checked. Plain JavaScript so the
// whole-process baseline (`node bench/lib/bare-replay.mjs FILE`) pays no TypeScript loader.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';

/**
 * Sends `requests` ({ method, path, headers, body? }) to `origin` with `concurrency` in flight, in order.
 * Returns how many answered with each status class, so a caller can tell the replay reached the target.
 */
export async function replayBare(origin, requests, concurrency) {
  const dispatcher = new Agent({ connections: concurrency, pipelining: 1 });
  let next = 0;
  let answered = 0;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++];
      const answer = await request(origin + r.path, { dispatcher, method: r.method, headers: r.headers, body: r.body ?? null });
      await answer.body.text();
      answered++;
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
  } finally {
    await dispatcher.close();
  }
  return answered;
}

// why: run as a process, it is the whole-process baseline: node start, undici load, read the requests, replay
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, origin, concurrency] = process.argv.slice(2);
  const requests = JSON.parse(readFileSync(file, 'utf8'));
  await replayBare(origin, requests, Number(concurrency));
}
