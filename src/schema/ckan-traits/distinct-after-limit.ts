import { defineCkanTrait } from './trait.ts';

export const distinctAfterLimit = defineCkanTrait({
  id: 'distinct-after-limit',
  kind: 'bug',
  does: 'datastore_search sorts and cuts the page in a subselect and applies DISTINCT after LIMIT: a distinct search repeats values, misses others and keeps no order.',
  releases: [
    { min: '2.10.8', max: '2.10' },
    { min: '2.11.3', max: '2.11' },
  ],
  ref: 'ckan/ckan#8709 (PR ckan/ckan#8710, "datastore_search: sort on inner select"); fixed by PR ckan/ckan#9365',
  changelog:
    '2.10.8, 2.11.3: "datastore_search: fix for sort on array column types (#8709)"; 2.12.0: "Fix DataStore distinct queries with limit/offset (#9365)"',
  fixed: '2.12.0',
  evidence:
    'recorded: 2.10.10 and 2.11.5 repeat values (cases/ckan/shape.yaml ckan/distinct/values), 2.10.7, 2.11.2 and 2.12 do not; source: backend/postgres.py search_data at ckan-2.10.7, ckan-2.10.8, ckan-2.11.2, ckan-2.11.3',
});
