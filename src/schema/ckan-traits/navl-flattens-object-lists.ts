import { defineCkanTrait } from './trait.ts';

export const navlFlattensObjectLists = defineCkanTrait({
  id: 'navl-flattens-object-lists',
  kind: 'change',
  does: 'A list of objects under any key is flattened by navl into `(key, index, subkey)` entries, so an unknown key holding one is reported as `__junk` and a known key holding one counts as missing.',
  releases: { max: '2.11' },
  ref: "CKAN 2.12's navl flattens only keys that have a sub-schema (ckan/lib/navl/dictization_functions.py)",
  evidence: 'recorded: `__junk` answers on 2.9.11 to 2.11.5, not on 2.12; source: ckan/lib/navl/dictization_functions.py at ckan-2.11.5 and dev-v2.12',
});
