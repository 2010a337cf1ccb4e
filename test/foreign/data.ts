// The foreign implementation's own data (not the bundled fixtures): weather observations of 24 stations, a table of
// the stations, and a private maintenance log. Deterministic (a seeded generator), so every start serves the same
// rows. The observations have a category whose values differ widely in frequency (one in more than 1,000 rows, one
// in 12), every column type the implementation knows, non-ASCII text, nulls, and timestamps with fractions.
import { createRandom, pick } from '../helpers/random.ts';

/** A column as `result.fields` lists it. */
export interface ForeignField {
  id: string;
  type: 'int' | 'int4' | 'numeric' | 'text' | 'bool' | 'timestamp';
}

export type ForeignValue = string | number | boolean | null;
export type ForeignRow = Record<string, ForeignValue> & { _id: number };

/** One table: its resource id, columns (`_id` first), rows in `_id` order, and whether it needs the token. */
export interface ForeignTable {
  id: string;
  fields: readonly ForeignField[];
  rows: readonly ForeignRow[];
  private: boolean;
}

export const OBSERVATIONS_ID = 'f0e1d2c3-0b5e-4a77-9e00-000000000001';
export const STATIONS_ID = 'f0e1d2c3-0b5e-4a77-9e00-000000000002';
export const MAINTENANCE_ID = 'f0e1d2c3-0b5e-4a77-9e00-000000000003';

/** How many observations have each `kind` (3,600 in all). */
export const KIND_COUNTS: Readonly<Record<string, number>> = Object.freeze({
  synoptic: 1812,
  climate: 900,
  rainfall: 600,
  marine: 240,
  'upper-air': 36,
  agromet: 12,
});

const STATIONS: readonly [name: string, country: string, elevation: number, opened: number][] = [
  ['Zürich-Fluntern', 'CH', 556, 1864],
  ['Göteborg Landvetter', 'SE', 154, 1977],
  ['Kraków Balice', 'PL', 237, 1964],
  ['Reykjavík', 'IS', 52, 1920],
  ['Tromsø Langnes', 'NO', 9, 1964],
  ['Łódź Lublinek', 'PL', 187, 1930],
  ['Córdoba Airport', 'ES', 90, 1959],
  ['Plzeň Líně', 'CZ', 600, 1948],
  ['Malmö Sturup', 'SE', 72, 1972],
  ['Aberdeen Dyce', 'GB', 65, 1934],
  ['Valentia Observatory', 'IE', 24, 1892],
  ['Lerwick', 'GB', 82, 1921],
  ['Brocken', 'DE', 1134, 1836],
  ['Sonnblick', 'AT', 3109, 1886],
  ['Hohenpeißenberg', 'DE', 977, 1781],
  ['Säntis', 'CH', 2502, 1882],
  ['De Bilt', 'NL', 2, 1897],
  ['Uccle', 'BE', 100, 1833],
  ['Armagh', 'GB', 62, 1795],
  ['Oxford Radcliffe', 'GB', 63, 1815],
  ['Bergen Florida', 'NO', 12, 1949],
  ['Sodankylä', 'FI', 179, 1908],
  ['Thessaloníki', 'GR', 4, 1930],
  ['Pic du Midi', 'FR', 2877, 1878],
];
// why both cases of a word (Fog/fog, Rain/rain): SQL LIKE is case-sensitive, and a pattern needs records of each
const WEATHER = [
  'Fog lifting by noon',
  'patches of fog',
  'Light rain',
  'heavy rain showers',
  'Rain clearing later',
  'Clear skies',
  'broken cloud',
  'Snow flurries',
  'hail in the afternoon',
  'drizzle and mist',
  'Sunny spells',
  'overcast and calm',
];
const DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
// words in a few records only, so a free-text search has something rare to find
const RARE = ['waterspout sighted offshore', 'aurora visible after midnight', 'lightning struck the mast', 'aurora and waterspout both logged'];
const OBSERVERS = ['Ólafur Jónsson', 'Zoë Brennan', 'Mårten Ek', 'Aino Virtanen', 'Seán Murphy', 'Dorota Wójcik'];

/** The kinds in a shuffled order that keeps KIND_COUNTS exactly. */
function shuffledKinds(random: () => number): string[] {
  const kinds = Object.entries(KIND_COUNTS).flatMap(([kind, n]) => Array.from({ length: n }, () => kind));
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j] ?? '', kinds[i] ?? ''];
  }
  return kinds;
}

/** `2024-01-01T00:00:00` plus `hours`, with milliseconds when `ms` is not 0. */
function timestampAt(hours: number, ms: number): string {
  const text = new Date(Date.UTC(2024, 0, 1) + hours * 3_600_000 + ms).toISOString().slice(0, 23);
  return ms === 0 ? text.slice(0, 19) : text;
}

function observationRows(): ForeignRow[] {
  const random = createRandom(36);
  const kinds = shuffledKinds(random);
  return kinds.map((kind, i) => {
    const [station, , elevation] = pick(STATIONS, random);
    const automatic = random() < 0.6;
    const rare = i % 150 === 7 ? `; ${RARE[Math.floor(i / 150) % RARE.length] ?? ''}` : '';
    const wind = Math.floor(random() * 40);
    return {
      _id: i + 1,
      station,
      kind,
      report: `${pick(WEATHER, random)} at ${station}, wind ${pick(DIRECTIONS, random)} ${wind} kn${rare}`,
      elevation,
      temperature: random() < 0.05 ? null : Math.round(random() * 500 - 150) / 10,
      automatic,
      observed_at: timestampAt(i * 3, i % 4 === 0 ? 0 : (i % 4) * 125),
      observer: automatic ? null : pick(OBSERVERS, random),
    };
  });
}

function stationRows(): ForeignRow[] {
  return STATIONS.map(([name, country, elevation, opened], i) => ({
    _id: i + 1,
    name,
    country,
    elevation,
    opened,
    notes: i % 3 === 0 ? null : `Station ${name} (${country}), opened ${opened}`,
  }));
}

function maintenanceRows(): ForeignRow[] {
  const random = createRandom(7);
  return Array.from({ length: 30 }, (_, i) => ({
    _id: i + 1,
    station: pick(STATIONS, random)[0],
    technician: pick(OBSERVERS, random),
    visited_at: timestampAt(i * 240 + 9, 500),
    cost: Math.round(random() * 90_000) / 100,
  }));
}

const text = (id: string): ForeignField => ({ id, type: 'text' });
const ID: ForeignField = { id: '_id', type: 'int' };

/** The three tables: observations (3,600 rows), stations (24) and the private maintenance log (30). */
export function createForeignTables(): ForeignTable[] {
  return [
    {
      id: OBSERVATIONS_ID,
      fields: [
        ID,
        text('station'),
        text('kind'),
        text('report'),
        { id: 'elevation', type: 'int4' },
        { id: 'temperature', type: 'numeric' },
        { id: 'automatic', type: 'bool' },
        { id: 'observed_at', type: 'timestamp' },
        text('observer'),
      ],
      rows: observationRows(),
      private: false,
    },
    {
      id: STATIONS_ID,
      fields: [ID, text('name'), text('country'), { id: 'elevation', type: 'int4' }, { id: 'opened', type: 'int4' }, text('notes')],
      rows: stationRows(),
      private: false,
    },
    {
      id: MAINTENANCE_ID,
      fields: [ID, text('station'), text('technician'), { id: 'visited_at', type: 'timestamp' }, { id: 'cost', type: 'numeric' }],
      rows: maintenanceRows(),
      private: true,
    },
  ];
}
