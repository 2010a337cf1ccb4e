import { defineCkanTrait } from './trait.ts';

export const nextPage = defineCkanTrait({
  id: 'next-page',
  kind: 'change',
  does: 'datastore_search takes `include_next_page` (always echoed) and, sorted by `_id` alone, answers `next_page: {"_id": {"gt": N}}` for keyset paging.',
  releases: { min: '2.12' },
  ref: 'ckan/ckan#9027 (PR ckan/ckan#9028)',
  changelog: '2.12.0: "datastore_search now returns a next_page value with filters that can be used for fast keyset pagination ... (#9027)"',
  evidence: 'recorded: 2.12 (cases/ckan/versions.yaml ckan/v2-12/next-page*); source: backend/postgres.py search_data at dev-v2.12',
});
