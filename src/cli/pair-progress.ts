// What `diff` and `upgrade-check` do around their run: the seed chosen (and printed) when requests are drawn, Ctrl-C
// stopping new pairs, and a line every few seconds so that a long run against remote targets shows life.
import { randomInt } from 'node:crypto';
import type { PairResult } from '../schema/diff-report.ts';
import type { CliIo } from './io.ts';

/** How often a running comparison prints how far it is. */
const PROGRESS_EVERY_MS = 5000;

/**
 * The seed of the run: the one given, or (when requests are generated or sampled) a random one, and then the
 * command that sends the same requests again (`replayOf`), so that any run can be repeated as it printed.
 */
export function chooseSeed(
  args: { generate?: number | undefined; sample?: number | undefined; seed?: number | undefined },
  replayOf: (seed: number) => string,
): { seed: number | undefined; replay: string | undefined } {
  if (args.generate === undefined && args.sample === undefined) return { seed: args.seed, replay: undefined };
  const seed = args.seed ?? randomInt(0, 2 ** 31 - 1);
  return { seed, replay: replayOf(seed) };
}

/** What the run is given: the signal that stops it and the callback that counts its pairs. */
export interface PairRunHooks {
  signal: AbortSignal;
  onPair: (result: PairResult) => void;
}

/**
 * Runs `body` with a stop signal (Ctrl-C) and a progress line (`… 40 request pairs compared, 3 <differLabel>`)
 * every few seconds until it ends; `aborted` says whether it was stopped.
 */
export async function runWithPairProgress<T>(
  io: CliIo,
  differLabel: string,
  body: (hooks: PairRunHooks) => Promise<T>,
): Promise<{ value: T; aborted: boolean }> {
  const controller = new AbortController();
  const stopListening = io.onStop(() => controller.abort());
  const progress = { done: 0, differ: 0 };
  const timer = setInterval(() => io.stdout.write(`… ${progress.done} request pairs compared, ${progress.differ} ${differLabel}\n`), PROGRESS_EVERY_MS);
  timer.unref();
  const onPair = (result: PairResult): void => {
    progress.done++;
    if (result.outcome !== 'agree') progress.differ++;
  };
  try {
    const value = await body({ signal: controller.signal, onPair });
    return { value, aborted: controller.signal.aborted };
  } finally {
    clearInterval(timer);
    stopListening();
  }
}
