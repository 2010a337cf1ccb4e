// A pool of PGlite hosts (one worker each, over its own copy of the data dir), opened on demand up to a size,
// with one queue whose statements time out at a deadline counted from when the pool accepted them.
import type { PgliteHost, Statement } from './pglite-host.ts';
import { EngineTimeoutError, TIMEOUT_MESSAGE, WORKER_GROW_AFTER_MS, type EngineResult } from '../engine.ts';

/** A host over its own data dir copy; close() stops it and deletes the copy. */
export interface Lane {
  host: PgliteHost;
  close(): Promise<void>;
}

interface Waiting {
  statement: Statement;
  /** performance.now() when the pool accepted it. */
  queuedAt: number;
  timeoutMs: number | undefined;
  /** Set when the clock starts: at acceptance, or once the pool's first lane is open. */
  deadlineMs: number | undefined;
  timer: NodeJS.Timeout | undefined;
  resolve: (result: EngineResult) => void;
  reject: (error: Error) => void;
}

/**
 * Runs each statement on an idle lane, opening another lane (up to `size`) once a statement has waited
 * WORKER_GROW_AFTER_MS for busy ones: a slow statement costs one lane, not the engine. A statement waiting for a
 * lane fails with EngineTimeoutError at its deadline without ever running, so nobody waits longer than the timeout,
 * whatever runs ahead.
 */
export class PglitePool {
  readonly #openLane: () => Promise<Lane>;
  readonly #size: number;
  readonly #lanes: Lane[] = [];
  #opening = 0;
  #queue: Waiting[] = [];
  #growTimer: NodeJS.Timeout | undefined;
  /** performance.now() when the newest lane opened: waiting counts from then, as its first statements are slow. */
  #lastOpenedAt = 0;
  #closing: Promise<void> | undefined;

  /** `size`: most lanes at once (>= 1); `openLane` copies the data dir and starts a worker on it. */
  constructor(openLane: () => Promise<Lane>, size: number) {
    this.#openLane = openLane;
    this.#size = Number.isInteger(size) && size >= 1 ? size : 1;
  }

  /** Opens the first lane now (so a failure to start shows at once) and resolves when it is ready. */
  async start(): Promise<void> {
    if (this.#lanes.length === 0 && this.#opening === 0) await this.#addLane();
  }

  /** Lanes open now (at most `size`). */
  get laneCount(): number {
    return this.#lanes.length;
  }

  /** Worker starts over all lanes: one per lane, plus one per restart after a timeout or crash. */
  get workerStarts(): number {
    return this.#lanes.reduce((sum, lane) => sum + lane.host.starts, 0);
  }

  /**
   * Queues a statement; `timeoutMs` counts from now, waiting for a lane included (a restart after another
   * statement's timeout too). Only the pool's own start-up does not count: before its first lane is open, the
   * clock starts when that lane is.
   */
  query(statement: Statement, timeoutMs: number | undefined): Promise<EngineResult> {
    if (this.#closing !== undefined) return Promise.reject(new Error('the PGlite engine is closed'));
    return new Promise((resolve, reject) => {
      const waiting: Waiting = { statement, queuedAt: performance.now(), timeoutMs, deadlineMs: undefined, timer: undefined, resolve, reject };
      if (this.#lanes.length > 0) this.#startClock(waiting);
      this.#queue.push(waiting);
      this.#pump();
    });
  }

  #startClock(waiting: Waiting): void {
    if (waiting.timeoutMs === undefined || waiting.deadlineMs !== undefined) return;
    waiting.deadlineMs = performance.now() + waiting.timeoutMs;
    waiting.timer = setTimeout(() => this.#expire(waiting), waiting.timeoutMs);
  }

  #expire(waiting: Waiting): void {
    const index = this.#queue.indexOf(waiting);
    if (index === -1) return;
    this.#queue.splice(index, 1);
    waiting.reject(new EngineTimeoutError(TIMEOUT_MESSAGE));
  }

  #pump(): void {
    if (this.#closing !== undefined) return;
    for (let lane = this.#lanes.find((l) => l.host.isIdle); lane !== undefined && this.#queue.length > 0; lane = this.#lanes.find((l) => l.host.isIdle)) {
      const waiting = this.#queue.shift();
      if (waiting === undefined) break;
      clearTimeout(waiting.timer);
      lane.host.run(waiting.statement, waiting.deadlineMs).then(waiting.resolve, waiting.reject);
    }
    this.#growIfHeldUp();
  }

  /**
   * Opens another lane (up to `size`, one at a time) for statements still waiting: at once when none is open, else
   * once the oldest of them has waited WORKER_GROW_AFTER_MS (counted from when the newest lane opened, if later).
   * A burst of quick statements is served by the lanes already open: another lane costs about 0.4 s of CPU and
   * 250 MB to open, more than it saves them (a catalogue run on 2 cores is faster on one lane per pool than on two).
   * A slow statement holds the others up that long, and then one lane.
   */
  #growIfHeldUp(): void {
    const oldest = this.#queue[0];
    if (oldest === undefined || this.#opening > 0 || this.#lanes.length >= this.#size) return;
    const waitMs = this.#lanes.length === 0 ? 0 : Math.max(oldest.queuedAt, this.#lastOpenedAt) + WORKER_GROW_AFTER_MS - performance.now();
    if (waitMs <= 0) {
      void this.#addLane().catch(() => undefined);
      return;
    }
    // why: a timer already set was set for this statement or an older one, so it is due no later; when it fires it
    // looks again (this runs after every statement: no new timer each time)
    if (this.#growTimer !== undefined) return;
    this.#growTimer = setTimeout(() => {
      this.#growTimer = undefined;
      this.#growIfHeldUp();
    }, waitMs);
    // why: the statements waiting are someone's pending requests; the timer alone must not keep the process alive
    this.#growTimer.unref();
  }

  async #addLane(): Promise<void> {
    this.#opening += 1;
    let lane: Lane;
    try {
      lane = await this.#openLane();
    } catch (error) {
      this.#opening -= 1;
      // why: with no lane at all nothing will ever serve the queue; with others open, they carry on
      if (this.#lanes.length === 0 && this.#opening === 0) this.#failQueue(error);
      throw error;
    }
    this.#opening -= 1;
    if (this.#closing !== undefined) {
      await lane.close();
      return;
    }
    lane.host.onIdle = () => this.#pump();
    this.#lanes.push(lane);
    this.#lastOpenedAt = performance.now();
    for (const waiting of this.#queue) this.#startClock(waiting);
    this.#pump();
  }

  #failQueue(error: unknown): void {
    for (const waiting of this.#queue.splice(0)) {
      clearTimeout(waiting.timer);
      waiting.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Rejects waiting statements, stops every lane and deletes their copies. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      clearTimeout(this.#growTimer);
      this.#failQueue(new Error('the PGlite engine is closed'));
      await Promise.all(this.#lanes.map((lane) => lane.close()));
    })();
    return this.#closing;
  }
}
