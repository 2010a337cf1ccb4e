import { defineCkanTrait } from './trait.ts';

export const backslashQuoteRefused = defineCkanTrait({
  id: 'backslash-quote-refused',
  kind: 'change',
  does: "A backslash-quote (`\\'`) anywhere in the SQL is refused as 409 `Query is not a single statement.`; other releases let PostgreSQL answer it.",
  releases: [
    { min: '2.10.10', max: '2.10' },
    { min: '2.11.5', max: '2.11' },
  ],
  ref: 'CVE-2026-42031 (GHSA-h7j7-3rx6-xvcg)',
  changelog: '2.10.10, 2.11.5: "CVE-2026-42031: Unauthenticated SQL Injection in datastore_search_sql"',
  evidence:
    "recorded: refused on 2.10.10 and 2.11.5, not on 2.9.11, 2.10.0, 2.10.7, 2.11.0, 2.11.2 or 2.12's dev branch of 2026-08-20 (cases/sql/restrictions.yaml sql/restrict/backslash-quote); source: helpers.py is_single_statement at ckan-2.10.9, ckan-2.10.10, ckan-2.11.4, ckan-2.11.5",
});
