// Entry of the PGlite worker thread when running from source (tests, `tsx` scripts); the built package starts
// dist/server/engines/pglite-worker.js directly. Plain JavaScript on purpose: on Node 20 a worker does not inherit
// the parent's TypeScript loader (tsx under `npx tsx`, vite under vitest), and `--import` in a worker's execArgv
// does not take effect either, so this file registers tsx (a development dependency) and then loads the worker.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

// why: PGlite is plain JavaScript; loaded before the TypeScript loader is registered, its modules skip the loader's
// hooks (a round trip to the loader's own thread per module), which otherwise cost more than opening PGlite itself
await import('@electric-sql/pglite');
register();
await import(workerData.entry);
