import { defineCkanTrait } from './trait.ts';

export const textFiltersStringified = defineCkanTrait({
  id: 'text-filters-stringified',
  kind: 'change',
  does: 'A filter value that is not a string on a text column (`{"title": 25}`) is compared as its Python `str()`; before, it reaches PostgreSQL as a number and the search is a 409 Invalid query (text = integer).',
  releases: { min: '2.11.3' },
  ref: 'ckan/ckan#8729',
  changelog: '2.11.3: "You can now use non-string values in datastore_search and datastore_delete filters for text datatype fields. (#8729)"',
  evidence:
    'recorded: 409 on 2.9.11, 2.10.0, 2.10.7, 2.10.10, 2.11.0 and 2.11.2, 200 on 2.11.5 and 2.12 (filters: {"title": 25}); source: backend/postgres.py _where_clauses at ckan-2.11.2 and ckan-2.11.3',
});
