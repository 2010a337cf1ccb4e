import { defineCkanTrait } from './trait.ts';

export const filterOperators = defineCkanTrait({
  id: 'filter-operators',
  kind: 'change',
  does: '`filters` takes operators (`eq`, `in`, `gt`, `gte`, `lt`, `lte`, `$and`, `$or`) and lists of filter objects (OR), echoed parsed as `filterops`: a list value on a column keeps meaning "any of", a list of objects now means OR; a column whose name starts with `$` is written `$$name`; unknown fields and operators are 409s of their own wording.',
  releases: { min: '2.12' },
  ref: 'ckan/ckan#9027 (PR ckan/ckan#9028)',
  changelog: '2.12.0: "datastore_search and datastore_delete filters now accept range values and nested AND and OR operations (#9027)"',
  evidence: 'recorded: 2.12 (cases/ckan/versions.yaml ckan/v2-12/filter-*); source: ckanext/datastore/backend/postgres.py and logic/schema.py at dev-v2.12',
});
