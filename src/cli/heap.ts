// The real CLI process's garbage-collector setting, made in bin.ts only: a test worker or a host that calls main()
// in-process keeps its own heap.
import { setFlagsFromString } from 'node:v8';

/**
 * How far past its live size V8 lets the heap grow before a full collection. Left to itself, V8 lets a long run's
 * heap reach three to four times its live size (most of a response dies young, but enough is promoted): 320 MB peak
 * for 10,000 cases on a heap of 55 MB live. At 30% that run peaks near 200 MB, and no run measured slower
 * (`npm run bench:memory`).
 */
const HEAP_GROWING_PERCENT = 30;

/** Sets V8's heap growing factor for the rest of this process. */
export function setCliHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
