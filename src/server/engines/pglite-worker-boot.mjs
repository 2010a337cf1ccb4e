// Entry of the PGlite worker thread. Plain JavaScript on purpose: on Node 20 a worker does not inherit the
// parent's TypeScript loader (tsx under `npx tsx`, vite under vitest), and `--import` in a worker's execArgv does
// not take effect either, so this file registers tsx itself and then loads the TypeScript worker module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
