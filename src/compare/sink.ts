// Collects differences up to a cap, so that a huge body yields a bounded report.
import type { Difference } from './types.ts';

/** Default cap on the differences one comparison reports. */
export const DEFAULT_MAX_DIFFERENCES = 100;

/** A capped list of differences; `full` says to stop looking. */
export interface DifferenceSink {
  readonly differences: Difference[];
  truncated: boolean;
  readonly full: () => boolean;
  readonly add: (difference: Difference) => void;
}

/** A sink keeping at most `max` differences; one more sets `truncated`. */
export function createSink(max: number): DifferenceSink {
  const sink: DifferenceSink = {
    differences: [],
    truncated: false,
    full: () => sink.truncated,
    add: (difference) => {
      if (sink.differences.length >= max) sink.truncated = true;
      else sink.differences.push(difference);
    },
  };
  return sink;
}
