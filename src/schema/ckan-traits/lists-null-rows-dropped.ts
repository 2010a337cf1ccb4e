import { defineCkanTrait } from './trait.ts';

export const listsNullRowsDropped = defineCkanTrait({
  id: 'lists-null-rows-dropped',
  kind: 'bug',
  does: "Search values are selected without `coalesce(..., 'null')`: a `lists` record holding a null disappears from the page, a null json or array cell of a csv/tsv record is empty rather than `null`.",
  releases: [{ max: '2.9.9' }, { min: '2.10.0', max: '2.10.2' }],
  ref: 'ckan/ckan#6713 (PR ckan/ckan#7545)',
  changelog: '2.10.3: "Fix datastore_search + downloading datastore resources as json with null values (#6713)"',
  fixed: '2.9.10, 2.10.3',
  evidence:
    'recorded: 2.10.0 (statements without coalesce, csv records with empty json cells), 2.9.11 and 2.10.7 with it; source: backend/postgres.py datastore_search at ckan-2.9.9, ckan-2.9.10, ckan-2.10.1, ckan-2.10.3',
});
