// Where the PGlite engine's lanes (a worker thread with PGlite open over its data) go when the engine closes: by
// default they are closed. A process that starts reference servers over the same fixtures one after another may
// install a keeper that holds closed engines' lanes for the next engine over the same data (the kit's own test
// suite does: test/support/pglite-lane-keeper.ts); the shipped server keeps nothing between engines.
import type { Lane } from './pglite-pool.ts';

/** Takes the lanes of closing engines and hands them to engines opened later over the same data (`key`). */
export interface LaneKeeper {
  /** A kept lane under `key`, ready to serve, or undefined. */
  take(key: string): Lane | undefined;
  /** Keeps `lane` (its engine is closing) under `key`, or closes it. */
  keep(key: string, lane: Lane): Promise<void>;
}

let installed: LaneKeeper | undefined;

/** Installs the process's lane keeper (undefined: none, lanes close with their engine). */
export function setLaneKeeper(keeper: LaneKeeper | undefined): void {
  installed = keeper;
}

/** A lane the installed keeper holds under `key`, if any. */
export function takeKeptLane(key: string): Lane | undefined {
  return installed?.take(key);
}

/** Hands `lane` to the installed keeper, or closes it when there is none. */
export function keepOrClose(key: string, lane: Lane): Promise<void> {
  return installed === undefined ? lane.close() : installed.keep(key, lane);
}
