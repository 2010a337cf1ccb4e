import { defineCkanTrait } from './trait.ts';

export const tsRewriteRefused = defineCkanTrait({
  id: 'ts-rewrite-refused',
  kind: 'change',
  does: "`ts_rewrite` is off the function allow-list, so datastore_search_sql refuses a call to it (403 `Not authorized to call function ts_rewrite`): it runs a query given as text with the caller's rights. The reference server refuses it on every release (its allow-list never had it).",
  releases: [
    { min: '2.10.10', max: '2.10' },
    { min: '2.11.5', max: '2.11' },
  ],
  ref: 'ckan/ckan commit 0fa7b2a1a8 ("FIX: sql injection through select parameter of ts_rewrite")',
  changelog: '2.10.10, 2.11.5: "CVE-2026-42032: Unauthenticated Authorization Bypass in datastore_search_sql"',
  evidence:
    'source: ckanext/datastore/allowed_functions.txt lists ts_rewrite at ckan-2.9.11, ckan-2.10.9, ckan-2.11.4 and dev-v2.12 (39175aab, the recorded 2.12), not at ckan-2.10.10 or ckan-2.11.5; no recording calls it',
});
