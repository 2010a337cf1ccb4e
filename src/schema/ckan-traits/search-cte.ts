import { defineCkanTrait } from './trait.ts';

export const searchCte = defineCkanTrait({
  id: 'search-cte',
  kind: 'change',
  does: 'datastore_search builds its statement as `WITH records_page AS (...)`: the page is cut first and DISTINCT applies within it (and a sort ties as `"_id" asc`).',
  releases: { min: '2.12' },
  ref: 'ckan/ckan#9027 (PR ckan/ckan#9028); DISTINCT placement ckan/ckan#9365',
  evidence: 'recorded: 2.12 statements in Invalid query answers; source: backend/postgres.py search_data at dev-v2.12',
});
