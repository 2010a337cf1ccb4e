// The postgres engine's pg pools: created to survive dying connections, and a connect() that respects a deadline.
import { Pool, type PoolClient } from 'pg';
import { EngineTimeoutError, TIMEOUT_MESSAGE } from '../engine.ts';

/** A pg pool of at most `max` connections that survives connections dying under it. */
export function createPool(connectionString: string, max: number): Pool {
  const pool = new Pool({ connectionString, max: Number.isInteger(max) && max >= 1 ? max : 1, allowExitOnIdle: true, application_name: 'datastore-kit' });
  // why: an idle client may die (server restart, DROP ... WITH FORCE); the pool replaces it, nothing to crash on
  pool.on('error', () => undefined);
  // why: a checked-out client whose connection dies between our statements emits 'error'; its next query fails anyway
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * A pooled client, or EngineTimeoutError at `deadlineMs` (a performance.now() time) if none frees up by then:
 * waiting for a connection counts against the statement's timeout. A client that comes too late goes back.
 */
export function connectBy(pool: Pool, deadlineMs: number | undefined): Promise<PoolClient> {
  if (deadlineMs === undefined) return pool.connect();
  return new Promise((resolve, reject) => {
    let expired = false;
    const timer = setTimeout(
      () => {
        expired = true;
        reject(new EngineTimeoutError(TIMEOUT_MESSAGE));
      },
      Math.max(0, deadlineMs - performance.now()),
    );
    pool.connect().then(
      (client) => {
        if (expired) client.release();
        else {
          clearTimeout(timer);
          resolve(client);
        }
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!expired) reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
