import { defineCkanTrait } from './trait.ts';

export const timestampMilliseconds = defineCkanTrait({
  id: 'timestamp-milliseconds',
  kind: 'change',
  does: 'Search records render `timestamp` values with milliseconds (`2020-01-01T10:11:12.000`), unless `ckan.datastore.ms_in_timestamp` is off.',
  releases: { min: '2.12' },
  ref: 'ckan/ckan#8202 (commit 494891ea45)',
  changelog: '2.12.0: "DataStore now returns milliseconds from timestamp columns by default. (#8202)"',
  evidence: 'recorded: 2.12 (cases/ckan/versions.yaml ckan/v2-12/timestamps); source: backend/postgres.py at dev-v2.12',
});
