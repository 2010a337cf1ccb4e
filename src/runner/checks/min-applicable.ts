// --min-applicable PCT: a run in which fewer of the selected variants applied than the share the user holds it to
// fails, so a profile that lost its resources cannot pass by checking nothing.
import { countApplied } from '../../schema/index.ts';
import type { RunCheck } from './types.ts';

/** Applies when `--min-applicable` is given; judged on the run's counts (the merged ones for shards). */
export const minApplicableCheck: RunCheck = {
  name: 'min-applicable',
  appliesTo: (context) => context.minApplicablePct !== undefined,
  start(context) {
    return {
      add() {},
      judge({ summary }) {
        const minPct = context.minApplicablePct;
        if (minPct === undefined || summary.total === 0) return undefined;
        const applied = countApplied(summary);
        const pct = (applied / summary.total) * 100;
        const share = `${applied} of ${summary.total} case variants applied (${Math.floor(pct)}%)`;
        if (pct >= minPct) return { check: 'min-applicable', outcome: 'pass', message: `${share}, at least --min-applicable ${minPct}`, minPct };
        return { check: 'min-applicable', outcome: 'fail', message: `only ${share}, fewer than --min-applicable ${minPct}`, minPct };
      },
    };
  },
};
