import { defineCkanTrait } from './trait.ts';

export const totalEstimation = defineCkanTrait({
  id: 'total-estimation',
  kind: 'change',
  does: '`total_estimation_threshold` is a parameter echoed in every search result (null when not sent), and `total_was_estimated` comes with `total`.',
  releases: { min: '2.9', max: '2.11' },
  ref: 'added in 2.9 (commit 7bd11d3f75); removed by ckan/ckan#9234 (PR ckan/ckan#9260, commit 942b2f90e3)',
  changelog: '2.12.0: "The counts of rows is now computed and cached in the background after every modification (#9234)"',
  evidence: 'recorded: present on 2.9.11 to 2.11.5, absent on 2.12; source: logic/schema.py at ckan-2.8.12, ckan-2.9.11 and dev-v2.12',
});
