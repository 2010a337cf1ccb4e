// The scenario tables of the handler-level search tests, and helpers to call the action on them.
import { afterAll, beforeAll } from 'vitest';
import { datastoreSearch } from '../../src/server/search/index.ts';
import type { ServerContext } from '../../src/server/types.ts';
import { ActionValidationError, RawJson } from '../../src/server/types.ts';
import { openScenario, searchRequest, type Scenario, type ScenarioResource } from './scenario.ts';

export const booksId = '0b8f5a4e-1111-4a4a-9b9b-000000000001';
export const secretId = '0b8f5a4e-2222-4a4a-9b9b-000000000002';
export const valsId = '0b8f5a4e-3333-4a4a-9b9b-000000000003';

export const books: ScenarioResource = {
  id: booksId,
  aliases: ['books'],
  columns: [
    { id: 'title', type: 'text', info: { label: 'Title' } },
    { id: 'author', type: 'text' },
    { id: 'the year', type: 'int4' },
    { id: 'price', type: 'numeric' },
    { id: 'published', type: 'timestamp' },
    { id: 'tags', type: '_text' },
    { id: 'meta', type: 'json' },
    { id: 'available', type: 'bool' },
    { id: 'rating with %', type: 'numeric' },
    { id: 'bük', type: 'text' },
  ],
  rows: [
    ['The Fourth Dimension', 'Tolstoy', '2014', '1.50', '2005-03-01 00:00:00', '["one","two"]', '{"foo": 2014}', 't', '4.5', 'ja'],
    ['Running Water', 'Austen', '2013', '10.00', '2020-01-01 10:11:12.345678', '["one"]', '["b", {"moo": "moo"}]', 'f', null, 'nein'],
    ['Perfect fourths and fifths', 'Tolstoy', null, null, null, null, null, null, '3', 'ja'],
    ['Café Société', '25', '2001', '0.10', '1999-12-31 23:59:59', '[]', 'null', 't', '1', null],
    ['How software runs', 'True', '2014', '7', '2024-06-30 06:30:00', '["two","one"]', '"txt"', 'f', '2', 'ja'],
  ],
};

export const secret: ScenarioResource = {
  id: secretId,
  aliases: ['secret'],
  private: true,
  columns: [{ id: 'name', type: 'text' }],
  rows: [['Ada'], ['Grace']],
};

export const vals: ScenarioResource = {
  id: valsId,
  columns: [
    { id: 'val', type: 'text' },
    { id: 'n', type: 'int4' },
  ],
  rows: [
    ['foo', '1'],
    ['foo', '1'],
    ['foo', null],
    ['foo', '2'],
    ['foo', '1'],
    ['bar', null],
  ],
};

type RequestOptions = Parameters<typeof searchRequest>[1];

export interface BooksHarness {
  readonly context: ServerContext;
  search(params: Record<string, unknown>, options?: RequestOptions): Promise<Record<string, unknown>>;
  searchError(params: Record<string, unknown>, options?: RequestOptions): Promise<unknown>;
  validationErrors(params: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** Opens the books/secret/vals scenario for the calling test file (beforeAll/afterAll). */
export function useBooks(): BooksHarness {
  let scenario: Scenario | undefined;
  beforeAll(async () => {
    scenario = await openScenario([books, secret, vals]);
  }, 300_000);
  afterAll(async () => {
    await scenario?.close();
  });
  const context = (): ServerContext => {
    if (scenario === undefined) throw new Error('scenario not open');
    return scenario.context;
  };
  const searchError = async (params: Record<string, unknown>, options: RequestOptions = {}): Promise<unknown> => {
    try {
      await datastoreSearch(searchRequest(params, options), context());
    } catch (error) {
      return error;
    }
    throw new Error('expected the search to fail');
  };
  return {
    get context() {
      return context();
    },
    async search(params, options = {}) {
      const result = await datastoreSearch(searchRequest(params, options), context());
      if (typeof result !== 'object' || result === null) throw new Error('result is not an object');
      return result as Record<string, unknown>;
    },
    searchError,
    async validationErrors(params) {
      const error = await searchError(params);
      if (!(error instanceof ActionValidationError)) throw error;
      return error.errors;
    },
  };
}

/** The records as JSON text: PostgreSQL's own text for objects/lists. */
export function rawRecords(result: Record<string, unknown>): string {
  const records = result['records'];
  if (records instanceof RawJson) return records.text;
  return JSON.stringify(records);
}

export function records(result: Record<string, unknown>): Record<string, unknown>[] {
  return JSON.parse(rawRecords(result)) as Record<string, unknown>[];
}

export function ids(result: Record<string, unknown>): unknown[] {
  return records(result).map((r) => r['_id']);
}
