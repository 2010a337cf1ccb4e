// Shared result types, derived from the schema values in src/schema, and the runner's collaborator contracts.
// No runtime code lives here.
import type { CaseResult, RunResult } from '../schema/report.ts';

export type {
  CaseStatus,
  Finding,
  Exchange,
  VariantKey,
  CaseResult,
  Counts,
  RunResult,
} from '../schema/report.ts';
export type { Case, CaseFile, CaseRequest, Expect, Predicate, RecordsExpect, Variants } from '../schema/case.ts';

/** Time source, injectable so that tests and reports can use a fixed clock. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** Observes a run as it goes (console progress, live output). All methods are optional and synchronous. */
export interface RunListener {
  onRunStart?(info: { total: number; targetUrl: string }): void;
  onCaseEnd?(result: CaseResult): void;
  onRunEnd?(result: RunResult): void;
}
