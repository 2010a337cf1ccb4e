// SQL that prepares a PGlite data dir the way CKAN's DataStore lays out its database (pure string builders).
import type { FixtureTable } from '../fixtures/index.ts';

/** The role `query(..., { readOnly: true })` runs as: SELECT on resource tables, alias views and _table_metadata. */
export const READ_ONLY_ROLE = 'datastore_ro';

/**
 * Collation of text columns: byte order, as the recorded CKAN sites sort text (`ORDER BY title DESC` puts
 * "日本語 入門" and "Über die Brücke" before "Xylophone Ensemble": recordings 2.11 generated-seed2#1312,
 * catalogue-reference#184). Named on every column, so a PostgreSQL cluster of any locale sorts alike.
 */
const TEXT_COLLATION = 'C';

/** One step of a build: a statement, or a COPY fed with CSV text (PGlite's /dev/blob, or STDIN on a real server). */
export type BuildStep = { sql: string } | { sql: string; csv: string };

/**
 * A step of a BuildPlan: a COPY's CSV is rendered only when the step runs, so a slice's text is made while the
 * server is busy with the slice before it, and the slices of a large table are not all in memory at once.
 */
export type PlanStep = { sql: string } | { sql: string; csv: () => string };

/** Where the build runs; the defaults are PGlite's. The postgres engine shares these builders. */
export interface BuildOptions {
  /** What COPY reads: PGlite's '/dev/blob' (default) or STDIN, fed by a client. */
  copyFrom?: 'blob' | 'stdin';
}

/** Bumped whenever the build steps or the loaded values change (5: json cells as json.dumps text, text columns COLLATE "C"; 6: only tables of more than 50 rows analyzed), so databases and data dirs prepared by older steps are not reused. */
export const BUILD_FORMAT = 6;

/** Quotes an identifier for PostgreSQL ("a""b"). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function columnSql(id: string, type: string, collation: string | null): string {
  const isText = type === 'text' || type === '_text';
  const pgType = type.startsWith('_') ? `${type.slice(1)}[]` : type;
  return `${quoteIdent(id)} ${pgType}${isText && collation !== null ? ` COLLATE ${quoteIdent(collation)}` : ''}`;
}

/**
 * The text each column contributes to `_full_text`, as CKAN's trigger takes it from `row_to_json(NEW)`:
 * timestamps in ISO form, arrays as JSON text, json columns inside CKAN's `{"json": ..., "extra": ""}` wrapper.
 */
function fullTextPart(ref: string, type: string): string {
  if (type === 'json' || type === 'jsonb') return `'{"json": ' || ${ref}::text || ', "extra": ""}'`;
  // why: a text value is its own JSON text once unquoted; skipping to_json there saves most of the work
  if (type === 'text') return ref;
  return `to_json(${ref}) #>> '{}'`;
}

/** CKAN's populate_full_text_trigger as one expression over the row `z`: a tsvector of every non-null value. */
function fullTextExpression(table: FixtureTable): string {
  const refs = table.columns.map((c) => `z.${quoteIdent(c.id)}`);
  if (refs.length === 0) return 'NULL';
  const parts = table.columns.map((c, i) => fullTextPart(refs[i] ?? '', c.type)).join(',\n      ');
  // why: as CKAN's json_each_text aggregation: NULLs are skipped (array_to_string does), and a row whose values
  // are all NULL gets a NULL vector, not an empty one (a part is NULL exactly when its column is)
  return `to_tsvector(CASE WHEN num_nonnulls(${refs.join(', ')}) = 0 THEN NULL ELSE array_to_string(ARRAY[
      ${parts}
    ]::text[], ' ') END)`;
}

/**
 * Serialises rows for `COPY ... WITH (FORMAT csv)`: `_id` first (from `ids`, else numbered from `firstId`), NULL as
 * an unquoted empty field.
 */
export function toCopyCsv(rows: FixtureTable['rows'], firstId = 1, ids?: readonly number[]): string {
  const lines: string[] = [];
  rows.forEach((row, i) => {
    const cells = row.map((v) => (v === null ? '' : `"${v.includes('"') ? v.replaceAll('"', '""') : v}"`));
    lines.push(`${ids?.[i] ?? firstId + i},${cells.join(',')}`);
  });
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** Creates one resource table (empty), its comment and its alias views, in that order (as CKAN does: OIDs follow). */
function createTableSteps(table: FixtureTable): BuildStep[] {
  const name = quoteIdent(table.resource.id);
  const columns = table.columns.map((c) => columnSql(c.id, c.type, TEXT_COLLATION));
  return [
    { sql: `CREATE TABLE ${name} ("_id" int4 NOT NULL, "_full_text" tsvector${columns.map((c) => `, ${c}`).join('')})` },
    { sql: `COMMENT ON TABLE ${name} IS ${quoteLiteral(table.title)}` },
    ...table.resource.aliases.map((alias) => ({ sql: `CREATE VIEW ${quoteIdent(alias)} AS SELECT * FROM ${name}` })),
  ];
}

/**
 * Fills rows `[from, to)` of a created table: they are copied into a staging table of the session and inserted with
 * `_full_text` computed in the same statement: set-based, several times faster than CKAN's per-row trigger, with
 * the same vectors. Slices of a table are independent of each other.
 */
function fillSteps(table: FixtureTable, staging: string, from: number, to: number, source: string): PlanStep[] {
  const name = quoteIdent(table.resource.id);
  const columnList = ['"_id"', ...table.columns.map((c) => quoteIdent(c.id))].join(', ');
  const stage = quoteIdent(staging);
  return [
    { sql: `CREATE TEMP TABLE ${stage} ("_id" int4${table.columns.map((c) => `, ${columnSql(c.id, c.type, null)}`).join('')})` },
    {
      sql: `COPY ${stage} (${columnList}) FROM ${source} WITH (FORMAT csv)`,
      csv: () => toCopyCsv(table.rows.slice(from, to), from + 1, table.ids?.slice(from, to)),
    },
    {
      sql: `INSERT INTO ${name} (${columnList}, "_full_text") SELECT ${['_id', ...table.columns.map((c) => c.id)].map((c) => `z.${quoteIdent(c)}`).join(', ')}, ${fullTextExpression(table)} FROM ${stage} AS z`,
    },
    { sql: `DROP TABLE ${stage}` },
  ];
}

/** Indexes one filled table: built after its rows are in. */
function indexSteps(table: FixtureTable): BuildStep[] {
  const name = quoteIdent(table.resource.id);
  return [
    { sql: `ALTER TABLE ${name} ADD PRIMARY KEY ("_id")` },
    { sql: `CREATE INDEX ${quoteIdent(`${table.resource.id}_full_text_idx`)} ON ${name} USING gin ("_full_text")` },
  ];
}

/** PostgreSQL's autovacuum_analyze_threshold: rows a new table takes before autovacuum analyzes it. */
const AUTOVACUUM_ANALYZE_THRESHOLD = 50;

/**
 * CKAN's `_table_metadata` view (datastore/set_permissions.sql): every table and alias, with alias_of. Tables and
 * views are told by relkind, as CKAN's view does: reading pg_tables/pg_views instead would make the view depend on
 * them and list itself twice (recordings: 7 rows for the 4 tables and 3 aliases).
 */
const TABLE_METADATA_SQL = `CREATE VIEW "_table_metadata" AS
  SELECT DISTINCT
    substr(md5(dependee.relname || COALESCE(dependent.relname, '')), 0, 17) AS "_id",
    dependee.relname AS name,
    dependee.oid AS oid,
    dependent.relname AS alias_of
  FROM pg_class AS dependee
    LEFT OUTER JOIN pg_rewrite AS r ON r.ev_class = dependee.oid
    LEFT OUTER JOIN pg_depend AS d ON d.objid = r.oid
    LEFT OUTER JOIN pg_class AS dependent ON d.refobjid = dependent.oid
  WHERE (dependee.oid != dependent.oid OR dependent.oid IS NULL)
    AND dependee.relkind IN ('r', 'v')
    AND dependee.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = 'public')
  ORDER BY dependee.oid DESC`;

/**
 * A build in three phases. `create` makes the tables (empty) and their views; each list of `fills` then loads one
 * slice of one table's rows and depends on nothing but `create`, so fills may run side by side, each on its own
 * connection and transaction; `finish` (indexes, `_table_metadata`, the reader's role and grants, ANALYZE of the
 * tables autovacuum would analyze) runs
 * after every fill.
 */
export interface BuildPlan {
  create: BuildStep[];
  fills: PlanStep[][];
  finish: BuildStep[];
}

/** How many slices a table of `rows` rows is filled in (default 1: the whole table in one COPY and one INSERT). */
export type SliceCount = (rows: number) => number;

/** The plan that turns a fresh database into a DataStore database for these tables (see BuildPlan). */
export function buildDatabasePlan(tables: readonly FixtureTable[], options: BuildOptions = {}, slicesOf: SliceCount = () => 1): BuildPlan {
  const ro = quoteIdent(READ_ONLY_ROLE);
  const readable = [...tables.flatMap((t) => [t.resource.id, ...t.resource.aliases]), '_table_metadata'].map(quoteIdent);
  const source = options.copyFrom === 'stdin' ? 'STDIN' : `'/dev/blob'`;
  const fills = tables.flatMap((table, index) => {
    const count = table.rows.length;
    const slices = count === 0 ? 0 : Math.max(1, Math.min(count, Math.floor(slicesOf(count))));
    return Array.from({ length: slices }, (_, slice) => {
      const bound = (k: number): number => Math.round((count * k) / slices);
      return fillSteps(table, slices === 1 ? `_dsk_load_${index}` : `_dsk_load_${index}_${slice}`, bound(slice), bound(slice + 1), source);
    });
  });
  return {
    create: tables.flatMap(createTableSteps),
    fills,
    finish: [
      ...tables.flatMap(indexSteps),
      { sql: TABLE_METADATA_SQL },
      // why: roles are cluster-wide on a real server, where another load (or CKAN itself) may have made it already
      {
        sql: `DO $$ BEGIN CREATE ROLE ${ro} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
      },
      // why: PUBLIC gets CREATE/TEMP on the database and USAGE on public by default; the reader must get nothing else
      { sql: `DO $$ BEGIN EXECUTE format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database()); END $$` },
      { sql: 'REVOKE ALL ON SCHEMA public FROM PUBLIC' },
      { sql: `GRANT USAGE ON SCHEMA public TO ${ro}` },
      ...(readable.length > 0 ? [{ sql: `GRANT SELECT ON ${readable.join(', ')} TO ${ro}` }] : []),
      // why: CKAN never runs ANALYZE; autovacuum analyzes a new table once more than 50 rows went in (threshold 50 +
      // 10% of 0), so smaller tables have no column statistics and the planner's guesses (which order DISTINCT's hash
      // output) are CKAN's only when the same tables are analyzed
      ...tables.filter((t) => t.rows.length > AUTOVACUUM_ANALYZE_THRESHOLD).map((t) => ({ sql: `ANALYZE ${quoteIdent(t.resource.id)}` })),
    ],
  };
}

/** The plan's steps one after another, as one connection (a PGlite build) runs them. */
export function buildDatabaseSteps(tables: readonly FixtureTable[], options: BuildOptions = {}): BuildStep[] {
  const plan = buildDatabasePlan(tables, options);
  const fills = plan.fills.flat().map((step) => ('csv' in step ? { sql: step.sql, csv: step.csv() } : step));
  return [...plan.create, ...fills, ...plan.finish];
}
