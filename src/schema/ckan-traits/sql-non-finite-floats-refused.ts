import { defineCkanTrait } from './trait.ts';

export const sqlNonFiniteFloatsRefused = defineCkanTrait({
  id: 'sql-non-finite-floats-refused',
  kind: 'change',
  does: "NaN and Infinity floats in a SQL result make the answer CKAN's 500 page (simplejson 4.1 refuses them); before, they come out as bare `NaN`/`Infinity` tokens, which is not valid JSON.",
  releases: { min: '2.12' },
  ref: 'simplejson 4.1 pinned in 2.12 (requirements.txt; allow_nan no longer writes them)',
  evidence:
    'recorded: tokens on 2.9.11 to 2.11.5, 500 on 2.12 (cases/sql/select.yaml sql/select/non-finite-floats); source: requirements.txt at ckan-2.11.5 (simplejson 3.19.2) and dev-v2.12 (4.1.1)',
});
