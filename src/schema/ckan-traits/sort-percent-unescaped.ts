import { defineCkanTrait } from './trait.ts';

export const sortPercentUnescaped = defineCkanTrait({
  id: 'sort-percent-unescaped',
  kind: 'bug',
  does: 'A sort on a column whose name holds `%` is a 500: the sort moved into the subselect without its `%` doubled, and psycopg2 reads it as a placeholder.',
  releases: { min: '2.10.8', max: '2.10' },
  ref: 'a side effect of ckan/ckan#8709 (PR ckan/ckan#8710) on 2.10, whose statements still take `%s` parameters',
  fixed: '2.11.0',
  evidence:
    'recorded: 500 on 2.10.10, 200 on 2.10.7, 2.11.x and 2.12 (cases/ckan/shape.yaml ckan/sort/nulls); source: backend/postgres.py search_data at ckan-2.10.7 and ckan-2.10.8',
});
