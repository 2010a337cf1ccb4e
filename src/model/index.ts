// Shared result types, derived from the schema values in src/schema. No runtime code lives here.
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
