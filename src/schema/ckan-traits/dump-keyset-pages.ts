import { defineCkanTrait } from './trait.ts';

export const dumpKeysetPages = defineCkanTrait({
  id: 'dump-keyset-pages',
  kind: 'change',
  does: '/datastore/dump pages with keyset `next_page` filters, validates its arguments (400) before it looks the resource up, and names the file after the resolved id of an alias.',
  releases: { min: '2.12' },
  ref: 'ckan/ckan#9027 (PR ckan/ckan#9028, "improve CSV download using Datastore dump")',
  changelog: '2.12.0: "datastore dump endpoint now uses fast keyset pagination to more quickly stream large datasets as CSV, JSON, etc. (#9027)"',
  evidence: 'recorded: 2.12 (dump.jsonl.gz); source: blueprint.py at ckan-2.11.5 and dev-v2.12',
});
