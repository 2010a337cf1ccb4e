import { defineCkanTrait } from './trait.ts';

export const sqlTruncation = defineCkanTrait({
  id: 'sql-truncation',
  kind: 'change',
  does: 'datastore_search_sql caps its rows at `rows_max` and says `records_truncated: true` when it did.',
  releases: { min: '2.9' },
  ref: 'ckan/ckan commit 33aefe9ea6 ("Add limit to datastore_search_sql")',
  evidence: 'recorded: 2.9.11 to 2.12 (cases/sql/rows-max); source: logic/action.py at ckan-2.8.12 and ckan-2.9.11',
});
