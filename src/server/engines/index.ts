// Engines: the interface the reference server declares (types.ts) and its implementations.
// PGlite is the embedded default; postgres runs on a real PostgreSQL server (its own database there).
export { openPgliteEngine } from './pglite.ts';
export type { PgliteEngine, PgliteEngineOptions } from './pglite.ts';
export { openPostgresEngine } from './postgres.ts';
export type { PostgresEngine, PostgresEngineOptions } from './postgres.ts';
export { EngineQueryError, EngineTimeoutError, defaultWorkerCount } from './types.ts';
export type { Engine, EngineField, EngineQueryOptions, EngineResult } from './types.ts';
