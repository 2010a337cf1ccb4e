// The test suite's lane keeper (src/server/engines/lane-keeper.ts): warm PGlite lanes kept for the next engine over
// the same prepared data dir in this process (a key names the dir and how its lanes open it). Opening a lane
// (loading or copying the data dir, starting a worker thread, opening PGlite in it) costs about half a second of
// CPU; the suite starts hundreds of reference servers over the same fixtures and reuses the lanes of the engines
// it closed instead. Installed for every test file by test/support/keep-pglite-lanes.ts. The data is
// read-only and every statement leaves no session state behind (the SQL action's statements run in a transaction
// that is rolled back, and a parked session is reset with DISCARD ALL), so a parked lane is as good as a fresh
// one. Parked workers never keep the process alive, a lane idle for a while is closed for good, and few are kept:
// each holds about 200 MB.
import type { LaneKeeper } from '../../src/server/engines/lane-keeper.ts';
import type { Lane } from '../../src/server/engines/pglite-pool.ts';

/** Most lanes parked in the process (the oldest goes first), and how long one waits for an engine before it is closed. */
const KEEP = Object.freeze({ lanes: 4, idleMs: 60_000 });

/** DISCARD ALL takes well under a millisecond; a lane that cannot do it in this time is not worth keeping. */
const DISCARD_TIMEOUT_MS = 5_000;

interface Parked {
  key: string;
  lane: Lane;
  timer: NodeJS.Timeout;
}

/** Parked lanes, oldest first. */
const parked: Parked[] = [];

/** A parked lane under `key`, ready to serve, or undefined when there is none. */
function takeIdleLane(key: string): Lane | undefined {
  const index = parked.findLastIndex((entry) => entry.key === key);
  if (index === -1) return undefined;
  const [entry] = parked.splice(index, 1);
  if (entry === undefined) return undefined;
  clearTimeout(entry.timer);
  return entry.lane;
}

/**
 * Parks `lane` (whose engine is closing) for the next engine under `key` when its worker is open and idle
 * (closing the oldest parked lane when the process keeps enough); else closes it. Resolves once parked or closed.
 */
async function parkOrClose(key: string, lane: Lane): Promise<void> {
  if (!lane.host.isIdle) return lane.close();
  try {
    // why: whatever a statement left in the session (a SET, a prepared statement) must not reach the next engine
    await lane.host.run({ sql: 'DISCARD ALL', params: [], readOnly: false }, performance.now() + DISCARD_TIMEOUT_MS);
  } catch {
    return lane.close();
  }
  lane.host.onIdle = () => {};
  const entry: Parked = { key, lane, timer: setTimeout(() => void closeParked(entry), KEEP.idleMs) };
  // why: a parked lane waits for a later engine; it must not keep the process alive
  entry.timer.unref();
  parked.push(entry);
  const oldest = parked.length > KEEP.lanes ? parked[0] : undefined;
  if (oldest !== undefined) await closeParked(oldest);
}

async function closeParked(entry: Parked): Promise<void> {
  const index = parked.indexOf(entry);
  if (index === -1) return;
  parked.splice(index, 1);
  clearTimeout(entry.timer);
  await entry.lane.close();
}

/** Parks the lanes of closing engines for the next engine over the same data; at most four, each for a minute. */
export const parkingKeeper: LaneKeeper = { take: takeIdleLane, keep: parkOrClose };
