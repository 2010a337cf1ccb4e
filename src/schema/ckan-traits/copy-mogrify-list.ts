import { defineCkanTrait } from './trait.ts';

export const copyMogrifyList = defineCkanTrait({
  id: 'copy-mogrify-list',
  kind: 'bug',
  does: 'csv/tsv searches run through `cursor.mogrify(sql, where_values)` with a list of dicts: any filter, or a `%` in the statement (a column name such as `rating with %`), makes it a 500.',
  releases: { min: '2.11.0', max: '2.11.2' },
  ref: 'ckan/ckan#8742 (PR ckan/ckan#8741)',
  changelog: '2.11.3: "Fixed an issue with using filters in datastore_search with CSV/TSV records format. (#8741)"',
  fixed: '2.11.3',
  evidence:
    'recorded: 500 on 2.11.0 and 2.11.2 for csv records of the type samples (a `%` column) and their csv/tsv dumps, 200 on 2.11.5; source: backend/postgres.py _execute_single_statement_copy_to at ckan-2.10.10 (`%s` and a list, unaffected), ckan-2.11.0 and ckan-2.11.3',
});
