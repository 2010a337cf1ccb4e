import { defineCkanTrait } from './trait.ts';

export const cachedRowCount = defineCkanTrait({
  id: 'cached-row-count',
  kind: 'change',
  does: 'A search that nothing narrows (no filters, text query or distinct) counts its total with `SELECT count(*) FROM <table>` instead of counting the rows of the unpaged select.',
  releases: { min: '2.12' },
  ref: 'ckan/ckan#9234 (PR ckan/ckan#9260, commit e80328248b "fast datastore counts pt1")',
  changelog:
    '2.12.0: "The counts of rows is now computed and cached in the background after every modification so that it can be relied on for much faster search results. (#9234)"',
  evidence: 'recorded: 2.12 count statements in Invalid query answers; source: backend/postgres.py search_data at dev-v2.12',
});
