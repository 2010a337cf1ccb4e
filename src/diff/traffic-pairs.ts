// Requests from recorded traffic as request pairs: each one sent to both targets as the client sent it (the
// target's own token where the client sent a credential), A's resource ids mapped to B's by the profiles'
// logical names; a request naming a resource that a target does not have is counted, not sent.
import { replaceNames } from '../compare/index.ts';
import { HttpError, type HttpClient, type HttpRequest } from '../http/index.ts';
import { decodePart, listResourceIds, mapResourceIds, type ReadRequest, type TrafficRead, type TrafficRequest } from '../requests/index.ts';
import { runPool } from '../runner/index.ts';
import { TRAFFIC_PREFIX } from '../schema/diff-report.ts';
import type { TrafficSummary } from '../schema/traffic.ts';
import { isPlainObject } from '../util/json.ts';
import { mapResourceIdsAtoB, sideNames } from './pairs.ts';
import type { DiffSide, RequestPair } from './types.ts';

/** What pairTraffic gives: the pairs to send, and the resources a target does not have (their requests not sent). */
export interface TrafficPairs {
  pairs: RequestPair[];
  missingResources: TrafficSummary['missingResources'];
}

/** The request for one target: its base URL, the client's locale, API path, query and body; the target's token. */
export function toTrafficHttpRequest(request: TrafficRequest, side: Pick<DiffSide, 'url' | 'token'>): HttpRequest {
  const url = `${side.url.replace(/\/+$/, '')}${request.locale === null ? '' : `/${request.locale}`}${request.apiPath}/${request.action}`;
  const headers: Record<string, string> = {};
  if (request.body !== undefined) headers['content-type'] = request.body.contentType;
  if (request.auth && side.token !== undefined) headers['authorization'] = side.token;
  return {
    method: request.method,
    url: request.query === '' ? url : `${url}?${request.query}`,
    headers,
    ...(request.body === undefined ? {} : { body: request.body.text }),
  };
}

/** One line for people, in A's logical names: `GET /fr /api/3/action/datastore_search?resource_id=${resources.courses}`. */
function describeTraffic(request: ReadRequest, names: Readonly<Record<string, string>>): string {
  const query = request.query === '' ? '' : `?${decodePart(request.query, true)}`;
  const body = request.body === undefined ? '' : ` ${request.body.text}`;
  const text = `${request.method} ${request.locale === null ? '' : `/${request.locale} `}${request.apiPath}/${request.action}${query}${body}`;
  return String(replaceNames(text, names));
}

/** Whether the target answers that it has no such resource (CKAN's 404 Not Found Error). */
async function isMissing(client: HttpClient, side: DiffSide, id: string): Promise<boolean> {
  const request = toTrafficHttpRequest(
    {
      method: 'POST',
      locale: null,
      apiPath: '/api/3/action',
      action: 'datastore_search',
      query: '',
      auth: true,
      body: { text: JSON.stringify({ resource_id: id, limit: 0 }), contentType: 'application/json' },
    },
    side,
  );
  try {
    const response = await client.send(request);
    if (response.status !== 404) return false;
    const body: unknown = JSON.parse(response.body);
    const error = isPlainObject(body) ? body['error'] : undefined;
    return isPlainObject(error) && error['__type'] === 'Not Found Error';
  } catch (error) {
    // why: a target that gives no answer here gives none to the request either; that pair reports it
    if (error instanceof HttpError || error instanceof SyntaxError) return false;
    throw error;
  }
}

/**
 * The requests as pairs for the two sides. Each resource the requests name is asked once of each target (a
 * `datastore_search` with limit 0): one that a target answers "not found" is reported with the number of
 * requests naming it, and those requests are not sent.
 */
export async function pairTraffic(
  client: HttpClient,
  requests: readonly ReadRequest[],
  sides: readonly [DiffSide, DiffSide],
  concurrency: number,
): Promise<TrafficPairs> {
  const [a, b] = sides;
  const ids = mapResourceIdsAtoB(a, b);
  const named = requests.map((request) => listResourceIds(request));
  const distinct = [...new Set(named.flat())];
  const missingOn = new Map<string, string[]>();
  await runPool(
    distinct.length,
    concurrency,
    async (index) => {
      const id = distinct[index] ?? '';
      const lacking = [(await isMissing(client, a, id)) ? 'A' : '', (await isMissing(client, b, ids[id] ?? id)) ? 'B' : ''].filter((s) => s !== '');
      if (lacking.length > 0) missingOn.set(id, lacking);
    },
    () => false,
  );
  const counts = new Map<string, number>();
  const pairs: RequestPair[] = [];
  const names = sideNames(a);
  requests.forEach((request, index) => {
    const lacking = (named[index] ?? []).filter((id) => missingOn.has(id));
    for (const id of lacking) counts.set(id, (counts.get(id) ?? 0) + 1);
    if (lacking.length > 0) return;
    pairs.push({
      id: `${TRAFFIC_PREFIX}${request.source}`,
      request: describeTraffic(request, names),
      a: toTrafficHttpRequest(request, a),
      b: toTrafficHttpRequest(mapResourceIds(request, ids), b),
    });
  });
  const missingResources = [...counts]
    .map(([id, count]) => ({ id, requests: count, missingOn: missingOn.get(id) ?? [] }))
    .sort((x, y) => y.requests - x.requests);
  return { pairs, missingResources };
}

/** The report's account of the traffic file: what was read, and what was sent or not. */
export function summariseTraffic(read: TrafficRead, pairs: TrafficPairs): TrafficSummary {
  return { ...read.summary, sent: pairs.pairs.length, missingResources: pairs.missingResources };
}
