// Small SQL text helpers: quoted identifiers and positional parameters ($1, $2, ...).

/** A double-quoted PostgreSQL identifier; any name works (spaces, %, quotes, non-ASCII). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Collects parameter values (text or SQL NULL) and hands out their `$n` placeholders. */
export class SqlParams {
  readonly values: (string | null)[] = [];

  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
