import { describe, expect, it } from 'vitest';
import { runPool } from './pool.ts';

describe('runPool', () => {
  it('never runs more than the concurrency at once and runs every task', async () => {
    let active = 0;
    let peak = 0;
    const done: number[] = [];
    const left = await runPool(
      10,
      3,
      async (i) => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setImmediate(resolve));
        active--;
        done.push(i);
      },
      () => false,
    );
    expect(peak).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(left).toEqual([]);
  });

  it('starts no new task once stopped and returns the ones not started', async () => {
    let stop = false;
    const left = await runPool(
      5,
      1,
      async (i) => {
        if (i === 1) stop = true;
      },
      () => stop,
    );
    expect(left).toEqual([2, 3, 4]);
  });
});
