import { defineCkanTrait } from './trait.ts';

export const limitAlwaysEchoed = defineCkanTrait({
  id: 'limit-always-echoed',
  kind: 'change',
  does: '`limit` is always in the search result (the configured default when not sent); 2.8 echoes it only when sent.',
  releases: { min: '2.9' },
  ref: 'ckan/ckan commit 51337ff02a ("Make configurable the default limit of datastore_search")',
  evidence: 'recorded: 2.9.11 to 2.12; source: logic/schema.py at ckan-2.8.12 and ckan-2.9.11',
});
