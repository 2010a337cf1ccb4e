import { defineCkanTrait } from './trait.ts';

export const dumpPrivate500 = defineCkanTrait({
  id: 'dump-private-500',
  kind: 'bug',
  does: 'A dump of a private resource without a token is a 500 page: the view calls datastore_search first and catches only ObjectNotFound, so NotAuthorized escapes.',
  releases: [{ max: '2.10.8' }, { min: '2.11.0', max: '2.11.3' }],
  ref: 'ckan/ckan#8989 ("Catch NotAuthorized exception raised by datastore_search")',
  changelog: '2.10.9, 2.11.4: "Catch NotAuthorized exception raised by datastore_search (#8989)"',
  fixed: '2.10.9, 2.11.4',
  evidence:
    'recorded: 500 on 2.9.11, 2.10.0, 2.10.7, 2.11.0 and 2.11.2, 404 on 2.10.10, 2.11.5 and 2.12 (dump.jsonl.gz); source: blueprint.py dump at ckan-2.10.8, ckan-2.10.9, ckan-2.11.3, ckan-2.11.4',
});
