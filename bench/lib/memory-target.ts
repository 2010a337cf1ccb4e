// A target that answers from memory (bench/lib/memory-target-worker.mjs, in a worker thread): it records the
// answers of an upstream server while a run goes through it, then replays them, so a bench measures only the
// client. Also the request log a recording run leaves, for the bare replay baseline.
import { once } from 'node:events';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type * as Kit from '../../src/index.ts';

export interface MemoryTarget {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Stops recording; from now on answers come from memory. Resolves with the counts recorded. */
  replay(): Promise<{ entries: number; collisions: number }>;
  /** Requests served (and those not recorded) since the last call. */
  stats(): Promise<{ served: number; misses: number }>;
  close(): Promise<void>;
}

async function ask<T>(worker: Worker, message: string, type: string): Promise<T> {
  worker.postMessage(message);
  for (;;) {
    const [reply] = await once(worker, 'message');
    // why: the worker's replies are plain objects of ours with a type tag
    if (typeof reply === 'object' && reply !== null && reply.type === type) return reply as T;
  }
}

/** Starts the worker in record mode, proxying to `upstreamUrl`. */
export async function startMemoryTarget(upstreamUrl: string): Promise<MemoryTarget> {
  const worker = new Worker(new URL('./memory-target-worker.mjs', import.meta.url), { workerData: { upstream: upstreamUrl } });
  const [listening] = await once(worker, 'message');
  const port = typeof listening === 'object' && listening !== null && typeof listening.port === 'number' ? listening.port : undefined;
  if (port === undefined) throw new Error('the memory target did not start');
  return {
    url: `http://127.0.0.1:${port}`,
    replay: () => ask(worker, 'replay', 'replay'),
    stats: () => ask(worker, 'stats', 'stats'),
    close: async () => {
      worker.postMessage('close');
      await once(worker, 'exit');
    },
  };
}

/**
 * Runs the catalogue of `root` (cases/, profiles/reference.yaml) once through a new memory target in record mode,
 * against a reference server of `kit` (the built API the bench loaded), and closes the server: the target then
 * holds every answer the catalogue asks for.
 */
export async function recordCatalogue(
  kit: typeof Kit,
  options: { root: string; token: string; outDir: string },
): Promise<{ memory: MemoryTarget; summary: Kit.RunResult['summary'] }> {
  const { root, token, outDir } = options;
  const server = await kit.startReferenceServer({ fixturesDir: path.join(root, 'fixtures'), port: 0, config: { apiTokens: [token], ckanVersion: '2.11' } });
  try {
    const memory = await startMemoryTarget(server.url);
    const run = kit.resolveRunOptions({
      cwd: root,
      target: { kind: 'url', url: memory.url },
      profileFile: 'profiles/reference.yaml',
      token,
      outDir,
      reportFormats: 'json',
    });
    const { result } = await kit.runCatalogue(run, { hostname: 'bench' });
    return { memory, summary: result.summary };
  } finally {
    await server.close();
  }
}
