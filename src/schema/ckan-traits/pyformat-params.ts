import { defineCkanTrait } from './trait.ts';

export const pyformatParams = defineCkanTrait({
  id: 'pyformat-params',
  kind: 'change',
  does: 'Search statements take their values as `%(value_N)s` placeholders with a dict (SQLAlchemy 2 text bindings); before, as `%s` with a list, with every `%` of the statement doubled.',
  releases: { min: '2.11' },
  ref: 'ckan/ckan commit a5c99d8e00 ("Fix major datastore problems", the SQLAlchemy 2 port)',
  evidence:
    'recorded: `params` of Invalid query answers, a list on 2.9.11 to 2.10.10 and a dict on 2.11.0 and later; source: backend/postgres.py _where at ckan-2.10.10 and ckan-2.11.0',
});
