// The public programmatic API of datastore-kit. The CLI uses nothing else.
export { KitError, InputError, KitErrorCode, isKitError, formatProblem } from './errors.ts';
export type { InputProblem } from './errors.ts';
export type * from './model/index.ts';
