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
  RelatedExchange,
  Verdict,
  RunCheckOutcome,
} from '../schema/report.ts';
export type { Expect, Predicate, RecordsExpect } from '../schema/case.ts';

/** Time source, injectable so that tests and reports can use a fixed clock. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/**
 * Where baseline files live (run --baseline): read and written by their path relative to the baseline folder
 * (see baselineFilePath). The runner stays free of the file system; the composition code builds the store.
 */
export interface BaselineStore {
  /** The baseline folder as the report shows it. */
  readonly dir: string;
  /** The file's text, or undefined when there is none. */
  read(file: string): Promise<string | undefined>;
  /** Writes the file's text atomically (creating its folders). */
  write(file: string, text: string): Promise<void>;
}

/** Observes a run as it goes (console progress, live output). All methods are optional and synchronous. */
export interface RunListener {
  onRunStart?(info: { total: number; targetUrl: string }): void;
  onCaseEnd?(result: CaseResult): void;
  onRunEnd?(result: RunResult): void;
}
