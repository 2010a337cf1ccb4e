// The upgrade check's change list: what a client sees change between two CKAN releases, from the request pairs
// that did not agree, classified by kind, explained by CKAN's release traits and grouped with one example each.
export { classifyPair } from './classify.ts';
export { createChangeList } from './changes.ts';
export { listTraitChanges, toExplanation } from './explain.ts';
