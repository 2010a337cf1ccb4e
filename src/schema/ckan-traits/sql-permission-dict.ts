import { defineCkanTrait } from './trait.ts';

export const sqlPermissionDict = defineCkanTrait({
  id: 'sql-permission-dict',
  kind: 'change',
  does: "datastore_search_sql's refusals carry a dict repr as their detail: `Access denied: {'permissions': [...]}`.",
  releases: { max: '2.9' },
  ref: "CKAN 2.9's datastore_search_sql raises NotAuthorized with a dict (logic/action.py)",
  evidence:
    'recorded: 2.9.11 (cases/ckan/versions.yaml ckan/v2-9/sql-*), plain text on 2.10.0 and later; source: logic/action.py at ckan-2.9.11 and ckan-2.10.0',
});
