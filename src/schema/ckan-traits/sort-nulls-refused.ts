import { defineCkanTrait } from './trait.ts';

export const sortNullsRefused = defineCkanTrait({
  id: 'sort-nulls-refused',
  kind: 'change',
  does: 'A sort clause ending in `nulls first` or `nulls last` is refused (409 `invalid value`).',
  releases: [{ max: '2.9.9' }, { min: '2.10.0', max: '2.10.2' }],
  ref: 'ckan/ckan#7356 (backported to 2.9 and 2.10 in PR ckan/ckan#7545)',
  changelog: '2.11.0: "datastore_search sort parameters now support nulls first and nulls last (#7356)"',
  evidence:
    'recorded: refused on 2.10.0, taken on 2.9.11, 2.10.7 and later; source: backend/__init__.py _parse_sort_clause at ckan-2.9.9, ckan-2.9.10, ckan-2.10.1, ckan-2.10.3',
});
