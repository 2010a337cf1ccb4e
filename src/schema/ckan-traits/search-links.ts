import { defineCkanTrait } from './trait.ts';

export const searchLinks = defineCkanTrait({
  id: 'search-links',
  kind: 'change',
  does: 'The search result carries `_links` (`start`, `next`, and `prev` past the first page) built from the request.',
  releases: { max: '2.11' },
  ref: 'removed by ckan/ckan#9027 (PR ckan/ckan#9028, commit c09c707d90 "remove _links with next/prev offsets")',
  changelog: '2.12.0: "datastore_search now returns a next_page value ... (#9027)"',
  evidence: 'recorded: present on 2.9.11 to 2.11.5, absent on 2.12; source: backend/postgres.py _insert_links at ckan-2.11.5 and dev-v2.12',
});
