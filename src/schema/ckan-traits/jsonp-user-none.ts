import { defineCkanTrait } from './trait.ts';

export const jsonpUserNone = defineCkanTrait({
  id: 'jsonp-user-none',
  kind: 'change',
  does: 'A JSONP call (`callback=`) runs as the user `None`, so a refusal reads `User None not authorized ...`; later releases name the anonymous user ``.',
  releases: { max: '2.9' },
  ref: "CKAN 2.9's JSONP handling in ckan/views/api.py (clears the user)",
  evidence: 'recorded: 2.9.11 and 2.10.0 to 2.12 (cases/auth/); source: ckan/views/api.py at ckan-2.9.11 and ckan-2.10.0',
});
