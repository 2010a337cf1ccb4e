// Small scenario datastores for the search tests: resources described inline, served by an engine.
import type { Engine } from '../../src/server/engines/types.ts';
import type { ActionRequest, ResourceDef, ServerContext } from '../../src/server/types.ts';
import { openDevEngine } from './dev-harness.ts';

export interface ScenarioResource {
  id: string;
  aliases?: string[];
  private?: boolean;
  columns: { id: string; type: string; info?: Record<string, unknown> }[];
  /** Cells in PostgreSQL input form; null is SQL NULL. */
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
};

export async function openScenario(resources: ScenarioResource[], config: Partial<typeof defaultConfig> = {}): Promise<Scenario> {
  const engine = await openDevEngine(resources);
  return { context: createContext(engine, resources, config), close: () => engine.close() };
}

export function createContext(engine: Engine, resources: ScenarioResource[], config: Partial<typeof defaultConfig> = {}): ServerContext {
  const defs: ResourceDef[] = resources.map((r) => ({
    id: r.id,
    aliases: r.aliases ?? [],
    private: r.private ?? false,
    columns: r.columns,
    rowCount: r.rows.length,
  }));
  return {
    engine,
    datastore: { resources: defs, resolve: (name) => defs.find((d) => d.id === name || d.aliases.includes(name)) },
    config: { ...defaultConfig, ...config },
  };
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
