import { defineCkanTrait } from './trait.ts';

export const sqlNumericAsString = defineCkanTrait({
  id: 'sql-numeric-as-string',
  kind: 'change',
  does: 'datastore_search_sql renders `numeric` values (Python Decimal) as JSON strings; later releases send numbers.',
  releases: { max: '2.10' },
  ref: 'the SQLAlchemy 2 port of 2.11 (ckan/ckan commit a5c99d8e00)',
  evidence:
    'recorded: strings on 2.9.11 to 2.10.10, numbers on 2.11.0 and later (cases/ckan/versions.yaml ckan/v2-10/sql-numeric); source: backend/postgres.py format_results at ckan-2.10.10 and ckan-2.11.0',
});
