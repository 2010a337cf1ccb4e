// A data set the catalogue was not written for (a library: other resource ids, columns and values), served by the
// reference server on port 0, for the probe tests and the probe -> run end-to-end test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceServer, type ReferenceServer } from '../../src/index.ts';
import type { ServerConfig } from '../../src/server/index.ts';
import type { ScenarioResource } from '../search/scenario.ts';
import { writeScenarioFixtures } from '../search/scenario-fixtures.ts';

export const SHELF_ID = 'c0ffee00-5e1f-4b00-8a00-00000000000a';
export const LOANS_ID = 'c0ffee00-5e1f-4b00-8a00-00000000000b';
export const MEMBERS_ID = 'c0ffee00-5e1f-4b00-8a00-00000000000c';
export const SHELF_ALIAS = 'shelf-list';
export const LIBRARY_TOKEN = 'library-token-0123456789';

const ADJECTIVES = ['Silent', 'Golden', 'Hidden', 'Broken', 'Distant', 'Quiet', 'Bright', 'Northern', 'Ancient'];
const NOUNS = ['River', 'Harbor', 'Forest', 'Mountain', 'Valley', 'Island', 'Meadow', 'Canyon'];
// why: rare words (in 1 to 3 records), inflected forms, mixed letter case and words inside titles give probe
// something to find; the rest are repeated adjective-noun titles
const RARE_TITLES = [
  'Lighthouse Keepers of the North',
  'The Lighthouse at Dawn',
  'Gardens of Stone',
  'Gardening for Everyone',
  'A Small Garden',
  'Walking the Coastline',
  'Orchard Stories',
  'Winter Orchard',
  'Notes on Glaciers',
];
const SHELVES = ['Fiction', 'History', 'Science', 'Travel'];
const FORMATS = ['Paperback', 'Hardback', 'Ebook'];
const LABELS = ['["signed","first edition"]', '["used"]', '["signed"]', '[]'];

function shelfRows(): (string | null)[][] {
  return Array.from({ length: 72 }, (_, i) => [
    RARE_TITLES[i / 8] !== undefined && i % 8 === 0 ? (RARE_TITLES[i / 8] ?? '') : `${ADJECTIVES[i % 9] ?? ''} ${NOUNS[i % 8] ?? ''}`,
    SHELVES[i % 4] ?? null,
    FORMATS[i % 3] ?? null,
    String(1950 + ((i * 7) % 70)),
    `${(i % 10) + 0.5}`,
    LABELS[i % 4] ?? null,
    `Shelved in room ${(i % 5) + 1}`,
  ]);
}

/** The library: a public shelf list (72 rows) with an alias, a public loans table and a private members table. */
export const LIBRARY: ScenarioResource[] = [
  {
    id: SHELF_ID,
    aliases: [SHELF_ALIAS],
    columns: [
      { id: 'heading', type: 'text' },
      { id: 'shelf', type: 'text' },
      { id: 'format', type: 'text' },
      { id: 'year', type: 'int4' },
      { id: 'weight', type: 'numeric' },
      { id: 'labels', type: '_text' },
      { id: 'location', type: 'text' },
    ],
    rows: shelfRows(),
  },
  {
    id: LOANS_ID,
    columns: [
      { id: 'member', type: 'text' },
      { id: 'days', type: 'int4' },
    ],
    rows: Array.from({ length: 25 }, (_, i) => [`member ${i % 6}`, String((i % 4) * 7)]),
  },
  {
    id: MEMBERS_ID,
    private: true,
    columns: [
      { id: 'full_name', type: 'text' },
      { id: 'town', type: 'text' },
    ],
    rows: [
      ['Ada Lovelace', 'London'],
      ['Grace Hopper', 'New York'],
      ['Alan Turing', 'Wilmslow'],
    ],
  },
];

/** A running library server and its fixtures folder; close() stops it and deletes the folder. */
export interface LibraryServer {
  url: string;
  close(): Promise<void>;
}

/** LIBRARY with only the first `rows` rows of each table: a small portal. */
export function smallLibrary(rows: number): ScenarioResource[] {
  return LIBRARY.map((resource) => ({ ...resource, rows: resource.rows.slice(0, rows) }));
}

/** Serves `resources` (LIBRARY unless given) on port 0 with LIBRARY_TOKEN as the API token. */
export async function startLibraryServer(config: Partial<ServerConfig> = {}, resources: readonly ScenarioResource[] = LIBRARY): Promise<LibraryServer> {
  const dir = await mkdtemp(join(tmpdir(), 'dsk-library-'));
  await writeScenarioFixtures(dir, resources);
  let server: ReferenceServer;
  try {
    server = await startReferenceServer({ fixturesDir: dir, port: 0, config: { apiTokens: [LIBRARY_TOKEN], ...config } });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
