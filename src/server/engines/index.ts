// Engines: the interface the reference server declares (../engine.ts) and its implementations.
// PGlite is the embedded default; postgres runs on a real PostgreSQL server (its own database there).
export { openPgliteEngine } from './pglite.ts';
export type { PgliteEngine } from './pglite.ts';
export { openPostgresEngine } from './postgres.ts';
export { EngineQueryError, EngineTimeoutError } from '../engine.ts';
export type { Engine } from '../engine.ts';
