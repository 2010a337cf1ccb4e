// The shapes of a check. A response check judges one answer, a case check the answers of one case's variants
// together, a run check the run as a whole; each says beside it where it applies and whether it checked something.
import type { BaselineContext } from '../../baseline/index.ts';
import type { CaseResult, Finding, RunCheckOutcome, RunResult } from '../../model/index.ts';
import type { ObservedResponse } from '../expect.ts';
import type { ReturnedRecords } from '../order-check.ts';
import type { RunCollaborators, RunOptions, RunVariant } from '../types.ts';

/** What a response check may use besides the answer: the run's options and collaborators, the baseline folder. */
export interface CheckContext {
  options: RunOptions;
  collaborators: RunCollaborators;
  baseline: BaselineContext | undefined;
}

/** One answer as the checks see it. */
export interface ObservedAnswer extends ObservedResponse {
  /** Whether the body is JSON (`body` then holds its value). */
  json: boolean;
  /** result.records of a 2xx answer, when it has such an array. */
  returned: ReturnedRecords | undefined;
}

/** A case error: the variant could not be exercised (codes: CaseErrorCode). */
export interface CaseError {
  code: string;
  message: string;
}

/** What a response check found. */
export interface CheckOutcome {
  findings: Finding[];
  /** Whether it checked something on this data (an `every` over no record did not): see vacuity.ts. */
  checked: boolean;
  /** Why it decided nothing, when it could not (a relation whose page is full); said with a vacuous variant. */
  undecided?: string | undefined;
  /** The answer could not be judged: the variant is a case error (no later check runs). */
  error?: CaseError | undefined;
  /** What it adds to the variant's result besides findings (a baseline file's outcome, the related requests). */
  adds?: Partial<Pick<CaseResult, 'baseline' | 'related'>> | undefined;
}

/**
 * What a check's `checked` answers for (vacuity.ts): the variant's records (`records`), its relation (`relation`:
 * it answers for the records too), or nothing (`none`: a contract holds on an empty page of any resource).
 */
export type Evidence = 'records' | 'relation' | 'none';

/** A check of one answer. */
export interface ResponseCheck {
  /** The check's name, as the registry lists it. */
  readonly name: string;
  readonly evidence: Evidence;
  /** Whether the check runs on this answer of this variant. */
  appliesTo(variant: RunVariant, answer: ObservedAnswer, context: CheckContext): boolean;
  /** Whether it needs the body as JSON; a variant with an answer that is not is a case error (E_NOT_JSON). Default: no. */
  needsJson?(variant: RunVariant, status: number): boolean;
  check(context: CheckContext, answer: ObservedAnswer, variant: RunVariant): CheckOutcome | Promise<CheckOutcome>;
}

/**
 * A check of the results of one case's variants: of each as it finishes (`each-variant`: what `--bail` and the
 * console then see is its verdict), or of all together once the last has answered (`all-variants`).
 */
export interface CaseCheck {
  readonly name: string;
  readonly when: 'each-variant' | 'all-variants';
  appliesTo(variants: readonly RunVariant[], results: readonly CaseResult[]): boolean;
  /** The results judged again (new objects; the inputs are not mutated). */
  check(context: Pick<RunOptions, 'ckan' | 'strictKnown'>, results: readonly CaseResult[], variants: readonly RunVariant[]): CaseResult[];
}

/** What a run check sees: the run's options (a saved report's when it is judged again) and the run's head. */
export interface RunCheckContext {
  /** `--min-applicable PCT`, when given. */
  minApplicablePct?: number | undefined;
  /** A shard of a run: checks of the whole catalogue wait for the merged report. */
  sharded: boolean;
}

/** A run check's state while the cases arrive: each case once, in report order, then the judgement. */
export interface RunCheckTally {
  add(result: CaseResult): void;
  /** The outcome, or undefined when the check judged nothing (its `checked` false). */
  judge(run: Pick<RunResult, 'summary' | 'byClass'>): RunCheckOutcome | undefined;
}

/** A check of the whole run, judged as its cases arrive (a run of any size holds only the tally). */
export interface RunCheck {
  readonly name: string;
  appliesTo(context: RunCheckContext): boolean;
  start(context: RunCheckContext): RunCheckTally;
}
