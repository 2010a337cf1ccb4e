// A deployment of 21 tables the kit has never seen, CKAN-like data of several shapes: wide and narrow, numeric-only,
// text-heavy, with and without dates, tiny and 20,000 rows, a one-column log and a private table. Written as a data
// package (datapackage.json + CSV) for `serve --fixtures`; deterministic, so a hand-written profile can name its values.
import { createRandom, pick } from '../helpers/random.ts';
import type { ScenarioResource } from '../search/scenario.ts';

export const DEPLOYMENT_TOKEN = 'deployment-token-3f9a61c2';

/** The id of the n-th table (UUID-shaped). */
export function deploymentId(n: number): string {
  return `d3910000-7a5e-4c00-9000-${n.toString(16).padStart(12, '0')}`;
}

type Cell = string | null;
type Column = [id: string, type: string, value: (i: number, random: () => number) => Cell];

const BRANCHES = ['Central', 'Riverside', 'Hillcrest', 'Old Town', 'Northgate'];
const GENRES = ['Fiction', 'History', 'Science', 'Poetry', 'Travel', 'Children', 'Biography', 'Crime'];
const ADJECTIVES = ['Silent', 'Hidden', 'Golden', 'distant', 'broken', 'Northern', 'quiet', 'Bright', 'Ancient', 'wild'];
const NOUNS = ['River', 'harbour', 'Garden', 'forest', 'Lighthouse', 'valley', 'Island', 'meadow', 'Mountain', 'orchard'];
const RARE = ['cartographer', 'lamplighter', 'shipwright', 'beekeeper'];
const SURNAMES = ['Okafor', 'Lindqvist', 'Moreau', 'Nakamura', 'Kowalska', 'Ó Briain', 'García', 'Müller', 'Haddad', 'Petrov'];
const WARDS = ['Abbey', 'Bridge', 'Castle', 'Dockside', 'Elmwood', 'Fairfield'];
const SPECIES = ['Oak', 'Oak', 'Oak', 'Oak', 'Lime', 'Lime', 'Plane', 'Birch', 'Rowan', 'Cherry', 'Yew', 'Hornbeam'];
const STREETS = ['High Street', 'Mill Lane', 'Church Road', 'Station Road', 'Park Avenue', 'Queen Street', 'Victoria Road', 'King Street'];

const text = (id: string, value: Column[2]): Column => [id, 'text', value];
const int = (id: string, value: (i: number, random: () => number) => number): Column => [id, 'int4', (i, r) => String(value(i, r))];
const num = (id: string, value: (i: number, random: () => number) => number): Column => [id, 'numeric', (i, r) => value(i, r).toFixed(2)];
const bool = (id: string, share: number): Column => [id, 'bool', (_i, r) => String(r() < share)];
const stamp = (id: string, stepHours: number): Column => [
  id,
  'timestamp',
  (i) => new Date(Date.UTC(2023, 0, 1) + i * stepHours * 3_600_000).toISOString().slice(0, 19),
];
const oneOf = (id: string, list: readonly string[]): Column => text(id, (_i, r) => pick(list, r));

/** A book title: an adjective and a noun (either may be capitalised), now and then a rare word and a volume. */
function bookTitle(i: number, r: () => number): string {
  const rare = i % 97 === 3 ? ` of the ${RARE[Math.floor(i / 97) % RARE.length] ?? ''}` : '';
  return `The ${pick(ADJECTIVES, r)} ${pick(NOUNS, r)}${rare}${i % 5 === 0 ? `, volume ${(i % 7) + 1}` : ''}`;
}

function build(n: number, rows: number, columns: Column[], extra: Partial<ScenarioResource> = {}): ScenarioResource {
  const random = createRandom(n * 7919);
  return {
    id: deploymentId(n),
    columns: columns.map(([id, type]) => ({ id, type })),
    rows: Array.from({ length: rows }, (_, i) => columns.map(([, , value]) => value(i, random))),
    ...extra,
  };
}

/** The 21 tables: n = 1..21; the richest is 6 (library loans), the largest 2 (traffic counts), 21 is private. */
export function createDeployment(): ScenarioResource[] {
  const person = (i: number, r: () => number) => `${pick(['A.', 'J.', 'M.', 'S.', 'K.'], r)} ${SURNAMES[(i * 7) % SURNAMES.length] ?? ''}`;
  return [
    build(1, 2000, [
      oneOf('department', ['Housing', 'Transport', 'Parks', 'Libraries', 'Finance', 'Waste', 'Planning', 'Culture']),
      text('line_item', (i, r) => `${pick(['Repairs', 'Salaries', 'Grants', 'Equipment', 'Consultancy'], r)} ${i}`),
      int('fiscal_year', (i) => 2015 + (i % 9)),
      num('amount', (_i, r) => r() * 250_000),
      bool('approved', 0.7),
      oneOf('fund', ['General', 'Capital', 'Reserve', 'Grant']),
      text('currency', () => 'GBP'),
      int('quarter', (i) => (i % 4) + 1),
    ]),
    build(2, 20_000, [text('site', (i) => `S${i % 40}`), stamp('counted_at', 1), int('vehicles', (_i, r) => Math.floor(r() * 900))]),
    build(3, 500, [num('pm10', (_i, r) => r() * 60), num('pm25', (_i, r) => r() * 40), num('no2', (_i, r) => r() * 90), num('o3', (_i, r) => r() * 120)]),
    build(4, 300, [
      text('meeting', (i) => `Council meeting ${Math.floor(i / 10) + 1}`),
      text('item', (i, r) => `Motion on ${pick(NOUNS, r).toLowerCase()} maintenance in ${pick(WARDS, r)} ward, agenda item ${i}`),
      text('speaker', person),
      oneOf('decision', ['Agreed', 'Deferred', 'Rejected']),
    ]),
    build(5, 3, [text('code', (i) => ['A', 'B', 'C'][i] ?? null), text('label', (i) => ['Alpha', 'Beta', 'Gamma'][i] ?? null)]),
    build(
      6,
      1500,
      [
        text('title', bookTitle),
        text('author', person),
        oneOf('branch', BRANCHES),
        oneOf('genre', GENRES),
        stamp('loaned', 7),
        bool('returned', 0.8),
        int('days', (_i, r) => 1 + Math.floor(r() * 42)),
        ['labels', '_text', (i) => ['["new"]', '["large print","new"]', '["audio"]', '[]'][i % 4] ?? null],
      ],
      { aliases: ['library-loans'] },
    ),
    build(7, 5000, [
      text('species', (_i, r) => pick(SPECIES, r)),
      oneOf('street', STREETS),
      num('height_m', (_i, r) => 2 + r() * 25),
      int('planted', (i) => 1950 + (i % 70)),
      bool('heritage', 0.05),
    ]),
    build(8, 800, [
      text('stop_name', (i, r) => `${pick(STREETS, r)} stop ${i}`),
      num('lat', (_i, r) => 51 + r()),
      num('lon', (_i, r) => -r()),
      oneOf('zone', ['1', '2', '3']),
    ]),
    build(9, 400, [
      text('school', (i) => `School ${i % 40}`),
      int('year', (i) => 2010 + Math.floor(i / 40)),
      int('pupils', (_i, r) => 100 + Math.floor(r() * 900)),
    ]),
    build(10, 250, [
      text('name', (i, r) => `${pick(['Summer', 'Winter', 'Spring'], r)} ${pick(['fair', 'Concert', 'market', 'Festival'], r)} ${i}`),
      oneOf('venue', ['Town Hall', 'Park', 'Library', 'Museum']),
      stamp('starts', 30),
      bool('free', 0.5),
      ['tags', '_text', (i) => ['["family"]', '["music","outdoor"]', '[]'][i % 3] ?? null],
    ]),
    build(11, 12_000, [
      oneOf('street', STREETS),
      text('offence', (_i, r) => (r() < 0.7 ? 'Parked on yellow line' : pick(['Bus lane', 'Loading bay', 'Permit bay', 'Footway', 'Dropped kerb'], r))),
      num('penalty', (_i, r) => (r() < 0.5 ? 35 : 70)),
      stamp('issued', 2),
    ]),
    build(12, 120, [oneOf('area', WARDS), int('year', (i) => 2000 + (i % 20)), int('population', (_i, r) => 5000 + Math.floor(r() * 20000))]),
    build(13, 3000, [
      oneOf('ward', WARDS),
      oneOf('bin_type', ['Refuse', 'Recycling', 'Garden', 'Food']),
      num('weight_kg', (_i, r) => r() * 900),
      stamp('collected', 12),
    ]),
    build(14, 600, [
      text('recipient', (i, r) => `${pick(['Friends of', 'Society for', 'Trust of'], r)} ${pick(NOUNS, r)} ${i}`),
      text('purpose', (_i, r) => `Support for ${pick(['youth', 'Heritage', 'sport', 'Arts', 'community'], r)} work`),
      num('grant', (_i, r) => r() * 50_000),
      int('awarded', (i) => 2012 + (i % 12)),
    ]),
    build(15, 100, [text('message', (i) => `service restarted after maintenance window ${i}`)]),
    build(16, 50, [text('sensor', (i) => `sensor-${i}`)]),
    build(17, 1000, [
      text('name', (i, r) => `${pick(['North', 'South', 'East', 'West', 'Upper', 'Lower'], r)} ${pick(STREETS, r)} ${i}`),
      text('postcode', (i) => `AB${i % 90} ${i % 9}XY`),
    ]),
    build(18, 900, [text('holder', person), oneOf('licence', ['Taxi', 'Street trading', 'Alcohol', 'Animal']), stamp('expires', 20), bool('active', 0.85)]),
    build(19, 240, [
      oneOf('ward', WARDS),
      text('candidate', person),
      oneOf('party', ['Green', 'Labour', 'Liberal', 'Conservative', 'Independent']),
      int('votes', (_i, r) => Math.floor(r() * 3000)),
    ]),
    build(20, 1800, [
      text('trust', (i) => `Trust ${i % 15}`),
      oneOf('specialty', ['Cardiology', 'Orthopaedics', 'Dermatology', 'Neurology']),
      num('weeks', (_i, r) => r() * 52),
      stamp('month', 24 * 30),
    ]),
    build(21, 40, [text('name', person), oneOf('team', ['Data', 'Web', 'Support']), int('extension', (i) => 4000 + i)], { private: true }),
  ];
}
