import { defineCkanTrait } from './trait.ts';

export const datastoreAuthRefusal = defineCkanTrait({
  id: 'datastore-auth-refusal',
  kind: 'change',
  does: "datastore_auth words its own refusals: searches say `User  not authorized to perform resource_show on resource <id>`, SQL `Not authorized to read resource.`; before, the core's `User  not authorized to read resource <id>` came through.",
  releases: { min: '2.12' },
  ref: 'ckan/ckan#9021',
  changelog: '2.12.0: "DataStore auth function fix (#9021)"',
  evidence:
    'recorded: 2.12 (cases/ckan/versions.yaml ckan/v2-12/anonymous-message), 2.9.11 to 2.11.5 the core wording; source: ckanext/datastore/logic/auth.py at ckan-2.11.5 and dev-v2.12',
});
