import { defineCkanTrait } from './trait.ts';

export const unsupportedMediaType415 = defineCkanTrait({
  id: 'unsupported-media-type-415',
  kind: 'change',
  does: 'A request body of a content type other than JSON or a form is a 415 page (Flask 3 / Werkzeug 3); before, it decodes to None and is a 400 string.',
  releases: { min: '2.11' },
  ref: "Werkzeug 3's request.json, pinned from 2.11 (requirements.txt: flask 3.0.3)",
  evidence:
    'recorded: 400 on 2.9.11 to 2.10.10, 415 on 2.11.0 and later (cases/ckan/versions.yaml ckan/v2-10/other-content-type); source: requirements.txt at ckan-2.10.10 (flask 2.0.3) and ckan-2.11.0',
});
