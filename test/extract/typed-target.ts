// A stand-in for another implementation of the DataStore read API, for extract tests: one resource whose values it
// answers in forms of its own (bools as 1/0, numbers as strings, timestamps with offsets), each written into the
// JSON body as the exact text given. It answers status_show and datastore_search (offset paging by `_id`) only: no
// SQL, no next_page, no csv records, no dump. A page past `holdAfterPages` is never answered, as a slow target's.
import { createServer } from 'node:http';
import { serveOnFreePort } from '../helpers/http-server.ts';

export interface TypedTargetOptions {
  resourceId: string;
  fields: readonly { id: string; type: string }[];
  /** The rows in `_id` order: each value the JSON text it is answered as (`1`, `"t"`, `9007199254740993`). */
  rows: Record<string, string>[];
  /** Pages (datastore_search with a limit) answered before the target stops answering; default all. */
  holdAfterPages?: number;
}

export interface TypedTarget {
  url: string;
  /** The rows served; a test may change them (fix a value at the source) between runs. */
  rows: Record<string, string>[];
  /** The page requests seen so far. */
  pages: () => number;
  close(): Promise<void>;
}

export async function startTypedTarget(options: TypedTargetOptions): Promise<TypedTarget> {
  const rows = options.rows;
  let pages = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: string): void => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(body);
      };
      const path = request.url ?? '';
      if (path.startsWith('/api/3/action/status_show')) return answer(200, '{"success": true, "result": {"ckan_version": "2.11.0"}}');
      if (!path.startsWith('/api/3/action/datastore_search') || path.startsWith('/api/3/action/datastore_search_sql')) {
        return answer(400, '{"success": false, "error": {"__type": "Bad request", "message": "Bad request - Action name not known"}}');
      }
      const params: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const ask = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {}; // why: our own requests
      if (ask['records_format'] !== undefined && ask['records_format'] !== 'objects') {
        return answer(409, '{"success": false, "error": {"__type": "Validation Error", "records_format": ["Value must be one of: objects"]}}');
      }
      const limit = typeof ask['limit'] === 'number' ? ask['limit'] : 100;
      const offset = typeof ask['offset'] === 'number' ? ask['offset'] : 0;
      // why: the pages ask for fields; the plan's probes (a one-row next_page ask) do not
      if (ask['fields'] !== undefined) {
        pages += 1;
        // why: a target that stops answering mid-extract; close() drops the connection
        if (options.holdAfterPages !== undefined && pages > options.holdAfterPages) return;
      }
      const records = rows.slice(offset, offset + limit).map(
        (row) =>
          `{${Object.entries(row)
            .map(([key, text]) => `${JSON.stringify(key)}: ${text}`)
            .join(', ')}}`,
      );
      const fields = JSON.stringify(options.fields);
      answer(
        200,
        `{"success": true, "result": {"resource_id": "${options.resourceId}", "fields": ${fields}, "records": [${records.join(', ')}], "total": ${rows.length}}}`,
      );
    });
  });
  return { ...(await serveOnFreePort(server)), rows, pages: () => pages };
}
