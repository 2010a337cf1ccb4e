// Connection URLs of the postgres engine: checked once, shown without passwords, pointed at the engine's database.
import { KitError, KitErrorCode } from '../../errors.ts';
import { REDACTED } from '../../util/redact.ts';

/** Database the postgres engine creates and owns when none is named. */
export const DEFAULT_DATABASE = 'datastore_kit';

/** Parses a postgres:// or postgresql:// URL; a KitError E_USAGE otherwise (never echoing a password). */
export function parseDatabaseUrl(databaseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch (e) {
    throw new KitError(KitErrorCode.usage, 'the database URL is not a URL (expected postgres://user:password@host:port/database)', { cause: e });
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new KitError(KitErrorCode.usage, `the database URL must start with postgres:// or postgresql://, got ${url.protocol}//`);
  }
  return url;
}

/** The URL for display: password replaced by the kit's one mask (`***`). */
export function redactDatabaseUrl(url: URL): string {
  if (url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.password = REDACTED;
  return copy.href;
}

/** The database the URL names ('' when it names none, so the server's default applies). */
export function databaseOf(url: URL): string {
  return decodeURIComponent(url.pathname.replace(/^\//, ''));
}

/** The same server and credentials, connected to `database`. */
export function withDatabase(url: URL, database: string): string {
  const copy = new URL(url.href);
  copy.pathname = `/${encodeURIComponent(database)}`;
  return copy.href;
}
