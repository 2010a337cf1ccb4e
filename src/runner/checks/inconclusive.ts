// Inconclusive: a run in which no variant of a core clause of the API description decided anything (each checked
// nothing on this data, or lacked a profile value) is no pass for that clause, however green its cases are.
import type { CaseResult, RunCheckOutcome } from '../../model/index.ts';
import { isVacuous } from '../../schema/index.ts';
import type { RunCheck } from './types.ts';

/** The core clauses of api.md, each by the anchor its cases cite in `spec`. */
export const CORE_CLAUSES: readonly { name: string; spec: string }[] = Object.freeze([
  { name: 'filters single', spec: 'api.md#4.1/filters-rule-2' },
  { name: 'filters either-or', spec: 'api.md#4.1/filters-rule-1' },
  { name: 'filters AND', spec: 'api.md#4.1/filters-rule-3' },
  { name: 'q', spec: 'api.md#4.1/q' },
  { name: 'limit', spec: 'api.md#4.1/limit' },
  { name: 'SQL LIKE', spec: 'api.md#4.2/sql-like' },
]);

/** A variant that decided something about its clauses: it passed, failed, or failed as a known bug says. */
function decided(result: CaseResult): boolean {
  return result.status === 'pass' || result.status === 'flaky' || result.status === 'fail' || result.status === 'known';
}

/** A variant that decided nothing for want of data: vacuous, or not applicable for a profile value it lacks. */
function undecidedForData(result: CaseResult): boolean {
  return isVacuous(result) || (result.status === 'not-applicable' && result.pin !== undefined);
}

/**
 * Judges the run once it is whole (a shard waits for `report merge`). A core clause with selected variants of which
 * none decided and one at least lacked data makes the API description's verdict inconclusive, and the run exit 1,
 * naming the clauses and the profile values to pin.
 */
export const inconclusiveCheck: RunCheck = {
  name: 'inconclusive',
  appliesTo: (context) => !context.sharded,
  start() {
    const clauses = new Map(CORE_CLAUSES.map((c) => [c.spec, { name: c.name, decided: 0, undecided: 0, pin: new Set<string>() }]));
    return {
      add(result) {
        for (const spec of result.spec) {
          const clause = clauses.get(spec);
          if (clause === undefined) continue;
          if (decided(result)) clause.decided += 1;
          else if (undecidedForData(result)) {
            clause.undecided += 1;
            for (const name of result.pin ?? []) clause.pin.add(name);
          }
        }
      },
      judge() {
        const ran = [...clauses.values()].filter((c) => c.decided + c.undecided > 0);
        if (ran.length === 0) return undefined;
        const open = ran.filter((c) => c.decided === 0);
        if (open.length === 0) return { check: 'inconclusive', outcome: 'pass', message: `decided on this data: ${ran.map((c) => c.name).join(', ')}` };
        const pin = [...new Set(open.flatMap((c) => [...c.pin]))].sort();
        return describeOpen(
          open.map((c) => c.name),
          pin,
        );
      },
    };
  },
};

function describeOpen(clauses: readonly string[], pin: readonly string[]): RunCheckOutcome {
  const value = pin.find((p) => p.startsWith('values.'))?.slice('values.'.length);
  const how =
    pin.length === 0
      ? 'choose profile values that match some records, fewer than a page'
      : `set ${pin.join(', ')} in the profile to values that match some records, fewer than a page${value === undefined ? '' : ` (probe pins one: --value ${value}=...)`}`;
  const message = `no check of ${clauses.join(', ')} decided anything on this data; ${how}`;
  return { check: 'inconclusive', outcome: 'fail', verdict: 'api', message, clauses: [...clauses], pin: [...pin] };
}
