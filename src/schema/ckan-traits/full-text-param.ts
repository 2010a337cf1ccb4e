import { defineCkanTrait } from './trait.ts';

export const fullTextParam = defineCkanTrait({
  id: 'full-text-param',
  kind: 'change',
  does: 'datastore_search takes `full_text`, a text search over the whole row beside `q`; before, it is an unknown parameter (409 `__extras`).',
  releases: { min: '2.10' },
  ref: 'ckan/ckan#597 (commit aa69583d45, "Add hybrid search to Datastore search")',
  evidence:
    'recorded: 2.9.11 refuses it (cases/ckan/versions.yaml ckan/v2-9/full-text), 2.10.0 to 2.12 take it; source: logic/schema.py at ckan-2.9.11 and ckan-2.10.0',
});
