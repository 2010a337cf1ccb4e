// What two recorded releases' answers show changed, request by request: the requests both recordings hold (the
// same request sent to both CKANs), each pair of recorded answers normalised and compared as diff does, and
// classified as upgrade-check classifies a pair. The truth upgrade-check's change list is held to.
import { compareSnapshots, normaliseSnapshot, resolveNormaliseRules, resourceNames, targetNames } from '../../src/compare/index.ts';
import { toSnapshot } from '../../src/diff/compare-pair.ts';
import { hasTrait } from '../../src/schema/ckan-traits/index.ts';
import { classifyPair } from '../../src/upgrade/index.ts';
import { readRecording, readRecordingMeta, type RecordedExchange, type RecordedRelease, type RecordingFile } from '../helpers/ckan-recordings.ts';

/** The resources of profiles/reference.yaml: the recordings were made on the fixtures with these ids. */
const REFERENCE_RESOURCES = {
  courses: 'df356cc6-0e13-4ba8-bc98-c4706614881b',
  measurements: '2085cfd3-7f59-4dbd-a534-ae7fe0d3c19a',
  staff: 'ff5f4ee6-14e2-4eb2-892c-abf6872814ff',
  typeSamples: '618532cb-ff3b-40c9-8e30-2ab721a38603',
};

/** One request both releases were sent, with each release's recorded answer. */
export interface CommonRequest {
  older: RecordedExchange;
  newer: RecordedExchange;
}

const keyOf = (e: RecordedExchange): string =>
  JSON.stringify([e.method, e.path, (e.requestHeaders['content-type'] ?? '').split(';')[0], e.requestBody, e.auth]);
// why: the recordings keep only that a token was sent, not which; a request CKAN refused for its token cannot be
// sent again as it was (the replay sends a valid one)
const isTokenRefusal = (e: RecordedExchange): boolean => e.status === 403 && e.responseBody.includes('Authorization Error');

/** The requests of `file` both releases hold, each once (its first recording), in the older release's order. */
export function listCommonRequests(older: RecordedRelease, newer: RecordedRelease, file: RecordingFile): CommonRequest[] {
  const byKey = new Map<string, RecordedExchange>();
  for (const exchange of readRecording(newer, file)) if (!byKey.has(keyOf(exchange))) byKey.set(keyOf(exchange), exchange);
  const seen = new Set<string>();
  const common: CommonRequest[] = [];
  for (const exchange of readRecording(older, file)) {
    const key = keyOf(exchange);
    const other = byKey.get(key);
    if (other === undefined || seen.has(key) || isTokenRefusal(exchange) || isTokenRefusal(other)) continue;
    seen.add(key);
    common.push({ older: exchange, newer: other });
  }
  return common;
}

/** The request as a line of the kit's own recording format (test/ckan-recordings/README.md), for --requests. */
export function toRecordingLine(exchange: RecordedExchange): string {
  return JSON.stringify({
    method: exchange.method,
    path: exchange.path,
    request: { headers: exchange.requestHeaders, auth: exchange.auth, body: exchange.requestBody },
  });
}

function snapshotOf(exchange: RecordedExchange) {
  return toSnapshot({
    status: exchange.status,
    headers: { ...exchange.responseHeaders },
    body: exchange.responseBody,
    bodyTruncated: false,
    durationMs: 0,
    attempts: 1,
  });
}

/** The changes the two recorded answers of a request show, as `kind: what` (sorted). */
export function recordedChanges(request: CommonRequest, older: RecordedRelease, newer: RecordedRelease): string[] {
  const releases = [readRecordingMeta(older).ckanVersion, readRecordingMeta(newer).ckanVersion];
  const names = (version: RecordedRelease) => ({ ...targetNames(readRecordingMeta(version).baseUrl), ...resourceNames(REFERENCE_RESOURCES) });
  const a = normaliseSnapshot(snapshotOf(request.older), resolveNormaliseRules({ names: names(older) })).snapshot;
  const b = normaliseSnapshot(snapshotOf(request.newer), resolveNormaliseRules({ names: names(newer) })).snapshot;
  const { differences } = compareSnapshots(a, b, { distinctUnordered: releases.some((release) => hasTrait(release, 'distinct-after-limit')) });
  const pair = { outcome: differences.length === 0 ? ('agree' as const) : ('differ' as const), a: { curl: '' }, b: { curl: '' }, differences };
  return classifyPair(pair)
    .map((change) => `${change.kind}: ${change.what}`)
    .sort();
}
