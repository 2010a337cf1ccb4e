import { defineCkanTrait } from './trait.ts';

export const badRequestColon = defineCkanTrait({
  id: 'bad-request-colon',
  kind: 'change',
  does: 'A bare 400 string reads `"Bad request: <detail>"`; before, `"Bad request - <detail>"`.',
  releases: { min: '2.12' },
  ref: 'ckan/ckan#9149 (commit b37c85243f, "use full sentence in translatable strings")',
  evidence:
    'recorded: 2.12 (cases/ckan/versions.yaml ckan/v2-12/bad-request), " - " on 2.9.11 to 2.11.5; source: ckan/views/api.py at ckan-2.11.5 and dev-v2.12',
});
