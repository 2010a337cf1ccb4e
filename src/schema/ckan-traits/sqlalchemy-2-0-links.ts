import { defineCkanTrait } from './trait.ts';

export const sqlalchemy20Links = defineCkanTrait({
  id: 'sqlalchemy-2-0-links',
  kind: 'change',
  does: "SQL errors link SQLAlchemy 2.0's pages: `https://sqlalche.me/e/20/<code>`.",
  releases: { min: '2.12' },
  ref: 'the SQLAlchemy 2.0 pin of 2.12 (requirements.txt: sqlalchemy 2.0.51)',
  evidence: 'recorded: 2.12 409 query texts; source: requirements.txt at dev-v2.12',
});
