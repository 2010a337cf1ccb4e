// Engines: the interface the reference server declares (types.ts) and its implementations.
// PGlite is the embedded default; a real PostgreSQL engine implements the same interface later.
export { openPgliteEngine } from './pglite.ts';
export type { PgliteEngine, PgliteEngineOptions } from './pglite.ts';
export { EngineQueryError, EngineTimeoutError } from './types.ts';
export type { Engine, EngineField, EngineQueryOptions, EngineResult } from './types.ts';
