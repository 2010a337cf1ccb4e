import { defineCkanTrait } from './trait.ts';

export const fieldsFollowRecords = defineCkanTrait({
  id: 'fields-follow-records',
  kind: 'change',
  does: '`result.fields` follows the `fields` parameter and lists rank columns; 2.8 lists every table column whatever was asked, and rank columns appear in the records only.',
  releases: { min: '2.9' },
  ref: 'ckan/ckan#4462 (commit 1770153114, "datastore_search: partial result fields fix")',
  evidence: 'recorded: 2.9.11 to 2.12; source: backend/postgres.py _result_fields at ckan-2.8.12 and ckan-2.9.11',
});
