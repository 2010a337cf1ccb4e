// A bounded pool: runs tasks with at most `concurrency` in flight, and can stop starting new ones.

/**
 * Runs `task(i)` for i in [0, count) with at most `concurrency` at once. After `shouldStop()` turns true no new
 * task starts; the indexes never started are returned (in order) so the caller can report them.
 */
export async function runPool(count: number, concurrency: number, task: (index: number) => Promise<void>, shouldStop: () => boolean): Promise<number[]> {
  let next = 0;
  const notStarted: number[] = [];
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      if (shouldStop()) {
        notStarted.push(index);
        continue;
      }
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, worker));
  return notStarted.sort((a, b) => a - b);
}
