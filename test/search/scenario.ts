// Small scenario datastores for the search tests: resources described inline, served by an engine.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgliteEngine, type Engine } from '../../src/server/engines/index.ts';
import { loadFixtures } from '../../src/server/fixtures/index.ts';
import type { ServerCkanVersion } from '../../src/server/ckan-versions.ts';
import { LATEST_CKAN_RELEASES } from '../../src/schema/ckan-version.ts';
import type { ActionRequest, Datastore, ServerContext } from '../../src/server/types.ts';
import { writeScenarioFixtures } from './scenario-fixtures.ts';

export interface ScenarioResource {
  id: string;
  aliases?: string[];
  private?: boolean;
  columns: { id: string; type: string; info?: Record<string, unknown> }[];
  /** CSV cells as the fixtures format takes them (arrays and json as JSON text); null is SQL NULL. */
  rows: (string | null)[][];
}

export interface Scenario {
  context: ServerContext;
  close(): Promise<void>;
}

export const defaultConfig = {
  rowsDefault: 100,
  rowsMax: 32000,
  apiTokens: ['secret-token'],
  sqlEnabled: true,
  sqlTimeoutMs: 60000,
  searchTimeoutMs: 60000,
  allowedFunctions: [],
  locales: ['en'],
  siteUrl: undefined,
  maxBodyBytes: 1024 * 1024,
  ckanVersion: '2.11' as ServerCkanVersion,
};

/** Writes the resources as a fixtures folder in a temp dir, loads it and opens the PGlite engine on it. */
export async function openScenario(resources: ScenarioResource[], config: Partial<typeof defaultConfig> = {}): Promise<Scenario> {
  const dir = await mkdtemp(join(tmpdir(), 'search-scenario-'));
  await writeScenarioFixtures(dir, resources);
  const fixtures = await loadFixtures(dir);
  // why: the engine's default cache is keyed by the fixtures' content, so reruns reuse the prepared data dir
  const engine = await openPgliteEngine(fixtures);
  return {
    context: createContext(engine, fixtures.datastore, config),
    close: async () => {
      await engine.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export function createContext(engine: Engine, datastore: Datastore, config: Partial<typeof defaultConfig> = {}): ServerContext {
  const merged = { ...defaultConfig, ...config };
  return { engine, datastore, config: { ...merged, ckanRelease: LATEST_CKAN_RELEASES[merged.ckanVersion] } };
}

/** An action request as the surface builds it (POST with a JSON body unless a query string is given). */
export function searchRequest(params: Record<string, unknown>, options: Partial<ActionRequest> = {}): ActionRequest {
  return {
    params,
    path: '/api/3/action/datastore_search',
    queryString: '',
    method: 'POST',
    authorized: false,
    ...options,
  };
}
