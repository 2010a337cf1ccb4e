// A generated deployment of 22 tables of mixed shapes, none written for the catalogue: a large two-column log (the
// most rows), small lookup tables, numeric-only and text-only tables, one rich table with text, categories, numbers
// and arrays (not the largest), and a private one. probe must pick well among them (test/e2e/probe-portal.test.ts).
import type { ScenarioResource } from '../search/scenario.ts';

export const PORTAL_TOKEN = 'portal-token-5b1e7c0d9a';

/** The id of the n-th generated table (hex, UUID-shaped). */
export function portalId(n: number): string {
  return `b0a1d000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** The rich table probe should choose as resources.courses. */
export const RICH_ID = portalId(7);
export const PRIVATE_ID = portalId(19);

const WORDS = ['harbour', 'granite', 'meadow', 'lantern', 'orchard', 'glacier', 'falcon', 'cedar', 'willow', 'ember', 'quarry', 'tundra'];
const KINDS = ['Survey', 'Report', 'Census', 'Audit'];
const AREAS = ['North', 'South', 'East', 'West', 'Central'];
const TAGS = ['["open","annual"]', '["open"]', '["archived"]', '[]'];

const WALKS = ['Walking the walk to the', 'Walks along the', 'Walked past the', 'Walker of the'];

function capitalise(word: string): string {
  return `${word.slice(0, 1).toUpperCase()}${word.slice(1)}`;
}

function richRows(): (string | null)[][] {
  return Array.from({ length: 90 }, (_, i) => {
    const word = WORDS[i % 12] ?? '';
    // a title names a place word (capitalised in some, not all), now and then another kind than its own, a few
    // inflected forms of "walk", and a rare word in 3 records
    const lead = i % 9 === 0 ? `${WALKS[(i / 9) % 4] ?? ''} ${word}` : i % 2 === 0 ? capitalise(word) : `the ${word}`;
    const title = `${lead} ${KINDS[(i + (i % 3)) % 4] ?? ''} ${i % 30 === 0 ? 'Quinquennial' : 'Annual'} ${Math.floor(i / 12) + 1}`;
    const day = String((i % 28) + 1).padStart(2, '0');
    return [
      title,
      KINDS[i % 4] ?? null,
      AREAS[i % 5] ?? null,
      String(1990 + ((i * 13) % 35)),
      String(((i * 7) % 100) + 0.25),
      TAGS[i % 4] ?? null,
      `Kept in the ${AREAS[(i + 2) % 5] ?? ''} archive`,
      `2024-${String((i % 12) + 1).padStart(2, '0')}-${day}T0${i % 10}:15:00`,
    ];
  });
}

function table(n: number, columns: ScenarioResource['columns'], rows: (string | null)[][], extra: Partial<ScenarioResource> = {}): ScenarioResource {
  return { id: portalId(n), columns, rows, ...extra };
}

/** The 22 tables. */
export function createPortal(): ScenarioResource[] {
  const text = (id: string) => ({ id, type: 'text' });
  const int = (id: string) => ({ id, type: 'int4' });
  const tables: ScenarioResource[] = [
    // the most rows, but only two columns (a log): the table probe must not take for courses
    table(
      1,
      [int('seq'), text('event')],
      Array.from({ length: 400 }, (_, i) => [String(i), `event ${i % 7}`]),
    ),
    table(
      2,
      [text('code'), text('label')],
      [
        ['A', 'Alpha'],
        ['B', 'Beta'],
        ['C', 'Gamma'],
      ],
    ),
    table(
      3,
      [int('x'), int('y')],
      Array.from({ length: 60 }, (_, i) => [String(i), String(i * i)]),
    ),
    table(
      4,
      [text('note')],
      Array.from({ length: 35 }, (_, i) => [`free text note number ${i}`]),
    ),
    table(5, [], []),
    table(
      6,
      [text('country'), int('population')],
      Array.from({ length: 12 }, (_, i) => [`Country ${i}`, String(1000 * (i + 1))]),
    ),
    table(
      7,
      [
        text('title'),
        text('kind'),
        text('area'),
        int('year'),
        { id: 'score', type: 'numeric' },
        { id: 'tags', type: '_text' },
        text('place'),
        { id: 'updated', type: 'timestamp' },
      ],
      richRows(),
      { aliases: ['records-register'] },
    ),
  ];
  for (let n = 8; n <= 22; n++) {
    if (n === 19) continue;
    const rows = Array.from({ length: 5 + n }, (_, i) => [`item ${i}`, AREAS[i % 5] ?? null, String(i * n)]);
    tables.push(table(n, [text('item'), text('zone'), int('amount')], rows));
  }
  tables.push(
    table(
      19,
      [text('full_name'), text('team'), int('grade')],
      [
        ['Ada Byron', 'Research', '7'],
        ['Mary Somerville', 'Research', '6'],
        ['Caroline Herschel', 'Survey', '5'],
      ],
      { private: true },
    ),
  );
  return tables.filter((t) => t.columns.length > 0);
}
