import { defineCkanTrait } from './trait.ts';

export const methodNotAllowedDropped = defineCkanTrait({
  id: 'method-not-allowed-dropped',
  kind: 'bug',
  does: 'A request that routing answers 405 (a POST under an unknown locale, a PUT) gets no response at all: ckan_before_request fails on the missing view and the error handler raises again, so the connection closes.',
  releases: { min: '2.10.0', max: '2.10.4' },
  ref: 'ckan/ckan#7616 (commit 6e0ab3fb41, "fix: server error instead of 405")',
  changelog: '2.10.6: "POST request to GET-only endpoint causes 500 error (#7616)" (the code is in the ckan-2.10.5 tag)',
  fixed: '2.10.5',
  evidence:
    'recorded: 2.10.0 gave no answer to POST /zz/api/action/datastore_search (the recording holds none), 2.10.7 and later a 405; source: ckan/config/middleware/flask_app.py ckan_before_request at ckan-2.10.4 and ckan-2.10.5',
});
