// Data of its own for a small implementation of datastore_search written in the tests (not the reference server):
// a bird survey, with a few repeated families and regions, words in some notes, and wingspans out of _id order.
export const BIRDS_ID = '5e1f0000-b12d-4000-8000-000000000001';

const NAMES = [
  'Robin',
  'Wren',
  'Heron',
  'Kestrel',
  'Plover',
  'Swift',
  'Lapwing',
  'Curlew',
  'Dunlin',
  'Gannet',
  'Osprey',
  'Merlin',
  'Avocet',
  'Bittern',
  'Dipper',
  'Linnet',
];
const FAMILIES = ['Thrush', 'Wader', 'Raptor', 'Seabird'];
const REGIONS = ['Coast', 'Upland', 'Wetland'];
const NOTES = [
  'seen near the estuary at dawn',
  'heard singing in the hedgerow',
  'flock resting on the mudflats',
  'pair nesting on the cliff ledge',
  'single bird hunting over the moor',
  'estuary count during the high tide',
];

/** A record of the survey, as the implementation answers it. */
export type Bird = Record<string, string | number | null> & { _id: number };

/** 48 records: _id 1..48; name distinct per record; family, region repeated; wingspan not in _id order. */
export function createBirds(): Bird[] {
  return Array.from({ length: 48 }, (_, i) => ({
    _id: i + 1,
    name: `${NAMES[i % 16] ?? ''} ${Math.floor(i / 16) + 1}`,
    family: FAMILIES[i % 4] ?? null,
    region: REGIONS[i % 3] ?? null,
    wingspan: 20 + ((i * 37) % 90),
    notes: NOTES[i % 6] ?? null,
  }));
}

/** The columns, as result.fields lists them. */
export const BIRD_FIELDS = [
  { id: '_id', type: 'int' },
  { id: 'name', type: 'text' },
  { id: 'family', type: 'text' },
  { id: 'region', type: 'text' },
  { id: 'wingspan', type: 'int' },
  { id: 'notes', type: 'text' },
] as const;
