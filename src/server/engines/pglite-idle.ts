// Warm PGlite lanes kept for the next engine over the same prepared data dir in this process. Opening a lane
// (copying the data dir, starting a worker thread, opening PGlite in it) costs about a second of CPU; a process
// that starts reference servers one after another over the same fixtures (a test suite, a script) reuses the
// lanes of the engines it closed instead. The data is read-only and every statement leaves no session state
// behind (the SQL action's statements run in a transaction that is rolled back, and a parked session is reset
// with DISCARD ALL), so a parked lane is as good as a fresh one. Parked workers never keep the process alive, and a lane idle for a while is closed for good.
import type { Lane } from './pglite-pool.ts';

/** Most lanes parked per prepared dir, and how long a parked lane waits for an engine before it is closed. */
const KEEP = Object.freeze({ perDir: 4, idleMs: 60_000 });

/** DISCARD ALL takes well under a millisecond; a lane that cannot do it in this time is not worth keeping. */
const DISCARD_TIMEOUT_MS = 5_000;

interface Parked {
  lane: Lane;
  timer: NodeJS.Timeout;
}

const parked = new Map<string, Parked[]>();

/** A parked lane over `preparedDir`, ready to serve, or undefined when there is none. */
export function takeIdleLane(preparedDir: string): Lane | undefined {
  const entry = parked.get(preparedDir)?.pop();
  if (entry === undefined) return undefined;
  clearTimeout(entry.timer);
  return entry.lane;
}

/**
 * Parks `lane` (whose engine is closing) for the next engine over `preparedDir`, when its worker is open and idle
 * and there is room; else closes it. Resolves once the lane is parked or closed.
 */
export async function parkOrClose(preparedDir: string, lane: Lane): Promise<void> {
  if (!lane.host.isIdle || (parked.get(preparedDir)?.length ?? 0) >= KEEP.perDir) return lane.close();
  try {
    // why: whatever a statement left in the session (a SET, a prepared statement) must not reach the next engine
    await lane.host.run({ sql: 'DISCARD ALL', params: [], readOnly: false }, performance.now() + DISCARD_TIMEOUT_MS);
  } catch {
    return lane.close();
  }
  const list = parked.get(preparedDir) ?? [];
  if (list.length >= KEEP.perDir) return lane.close();
  lane.host.onIdle = () => {};
  const entry: Parked = { lane, timer: setTimeout(() => void closeParked(preparedDir, entry), KEEP.idleMs) };
  // why: a parked lane waits for a later engine; it must not keep the process alive
  entry.timer.unref();
  list.push(entry);
  parked.set(preparedDir, list);
}

async function closeParked(preparedDir: string, entry: Parked): Promise<void> {
  const list = parked.get(preparedDir) ?? [];
  const index = list.indexOf(entry);
  if (index === -1) return;
  list.splice(index, 1);
  await entry.lane.close();
}
