// The verdict per conformance class: the API description (every target is held to it, with the capabilities its
// profile claims) and CKAN compatibility of the release the mirror answers as (a failure only when the target
// claims CKAN; otherwise its differences are reported as differences from CKAN).
import type { ClassVerdict } from '../schema/twin-report.ts';
import type { TwinJudgement } from './judge.ts';

/** What the verdicts are counted from. */
export interface VerdictInput {
  judgements: readonly TwinJudgement[];
  /** Faults found while reading the tables. */
  findings: number;
  /** The CKAN minor version the mirror answers as, e.g. 2.11. */
  ckanVersion: string;
  claimsCkan: boolean;
}

function outcomeOf(requests: number, failing: number, empty: ClassVerdict['outcome']): ClassVerdict['outcome'] {
  if (failing > 0) return 'fail';
  return requests === 0 ? empty : 'pass';
}

/** The verdicts, the API description's first. */
export function buildVerdicts(input: VerdictInput): ClassVerdict[] {
  const answered = input.judgements.filter((j) => j.mirrorError === undefined);
  const covered = answered.filter((j) => j.covered);
  const broken = covered.filter((j) => j.api !== undefined).length;
  const errors = (list: readonly TwinJudgement[]) => list.length - list.filter((j) => j.mirrorError === undefined).length;
  const differing = answered.filter((j) => j.differs).length;
  return [
    {
      class: 'api',
      title: 'API description',
      outcome: outcomeOf(covered.length, broken + input.findings, 'inconclusive'),
      claimed: true,
      counts: { requests: covered.length, differences: broken, findings: input.findings, errors: errors(input.judgements.filter((j) => j.covered)) },
    },
    {
      class: `ckan:${input.ckanVersion}`,
      title: `CKAN ${input.ckanVersion} compatibility`,
      outcome: outcomeOf(answered.length, differing + input.findings, 'not-tested'),
      claimed: input.claimsCkan,
      counts: { requests: answered.length, differences: differing, findings: input.findings, errors: errors(input.judgements) },
    },
  ];
}

/** Whether the run passes: every class the target claims passed (an inconclusive one does not). */
export function verdictsPass(verdicts: readonly ClassVerdict[]): boolean {
  return verdicts.every((verdict) => !verdict.claimed || verdict.outcome === 'pass');
}
