import { defineCkanTrait } from './trait.ts';

export const sqlalchemy14Links = defineCkanTrait({
  id: 'sqlalchemy-1-4-links',
  kind: 'change',
  does: "SQL errors link SQLAlchemy 1.4's pages: `(Background on this error at: https://sqlalche.me/e/14/<code>)`; 2.9's SQLAlchemy 1.3 writes `http://sqlalche.me/e/<code>`.",
  releases: { min: '2.10', max: '2.11' },
  ref: 'the SQLAlchemy pins of 2.10 and 2.11 (requirements.txt)',
  evidence: 'recorded: 409 query texts on 2.9.11 to 2.12; source: requirements.txt at ckan-2.9.11, ckan-2.10.0, ckan-2.11.0',
});
