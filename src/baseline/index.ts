// Baselines (run --baseline DIR): one file per case variant holding its normalised answer, checked on later runs
// and recorded or updated as --update-baseline says. The runner calls checkBaseline; the store is built by the
// composition code (createFileBaselineStore), so the runner stays free of the file system.
export { checkBaseline } from './check.ts';
export type { BaselineContext } from './check.ts';
export { createFileBaselineStore } from './store.ts';
