// str(sa.column(name)) as CKAN 2.11 writes filter columns: SQLAlchemy's default compiler quotes a name only when
// it must (IdentifierPreparer._requires_quotes), so `_id = ...` but `"the year" = ...`.

/** SQLAlchemy's default RESERVED_WORDS (sqlalchemy/sql/compiler.py). */
const reservedWords: ReadonlySet<string> = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization between binary both case cast check collate column ' +
    'constraint create cross current_date current_role current_time current_timestamp current_user default deferrable desc ' +
    'distinct do else end except false for foreign freeze from full grant group having ilike in initially inner intersect ' +
    'into is isnull join leading left like limit localtime localtimestamp natural new not notnull null off offset old on ' +
    'only or order outer overlaps placing primary references right select session_user set similar some symmetric table ' +
    'then to trailing true union unique user using verbose when where'
  ).split(' '),
);

/** The name as SQLAlchemy prints a column: bare when lower-case, legal and not reserved, else double-quoted. */
export function quoteSqlalchemyName(name: string): string {
  const bare = name !== '' && /^[A-Za-z0-9_$]+$/.test(name) && !/^[0-9$]/.test(name) && name.toLowerCase() === name && !reservedWords.has(name);
  return bare ? name : `"${name.replaceAll('"', '""')}"`;
}
