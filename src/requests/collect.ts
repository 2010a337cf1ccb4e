// The distinct requests of a traffic file, counted, and a seeded sample of them: each distinct request is kept
// once with how often it came, and `--sample N` keeps the N whose seeded hash is smallest, so the same seed draws
// the same requests from any file that holds them, in whatever order.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { TrafficFormat, TrafficSummary } from '../schema/traffic.ts';
import { toCanonicalJson } from '../util/json.ts';
import { parseTraffic } from './parse.ts';
import { detectFormat, openTextChunks, peekChunks } from './source.ts';
import type { ReadRequest, TrafficRequest } from './types.ts';

/** What readTrafficFile gives: the requests to send (first-seen order) and what was read, as the reports show it. */
export interface TrafficRead {
  requests: ReadRequest[];
  summary: Omit<TrafficSummary, 'sent' | 'missingResources'>;
}

/** Options of readTrafficFile. */
export interface ReadTrafficOptions {
  /** Folder a relative file name resolves against. */
  cwd: string;
  /** Keep only `count` of the distinct requests, drawn with `seed`. */
  sample?: { count: number; seed: number } | undefined;
}

/** The query's parameters in name order, values of one name kept in their order (that order can matter: `fields`). */
function sortedQuery(query: string): string {
  const pieces = query === '' ? [] : query.split('&');
  return pieces
    .map((piece, index) => ({ piece, index, name: piece.split('=', 1)[0] ?? '' }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.index - b.index))
    .map((entry) => entry.piece)
    .join('&');
}

function canonicalBody(text: string): string {
  try {
    return toCanonicalJson(JSON.parse(text));
  } catch {
    return text;
  }
}

/** The text two requests share exactly when they ask the same: a JSON body's key order and a query's parameter order apart. */
export function describeRequestKey(request: TrafficRequest): string {
  const body = request.body === undefined ? '' : `${request.body.contentType}\n${canonicalBody(request.body.text)}`;
  return JSON.stringify([request.method, request.locale, request.apiPath, request.action, sortedQuery(request.query), body, request.auth]);
}

const hashOf = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 22);

interface Candidate {
  id: string;
  request: ReadRequest;
  order: number;
  priority: string;
}

const byPriority = (a: Candidate, b: Candidate): number => (a.priority < b.priority ? -1 : a.priority > b.priority ? 1 : 0);

/**
 * The distinct requests as they come: each one's count, and the requests held (all of them, or with a sample the
 * candidates of smallest seeded hash, at most twice the sample; a request let go stays counted).
 */
function createCollector(file: string, sample: ReadTrafficOptions['sample']) {
  const counts = new Map<string, ReadRequest | number>();
  const candidates: Candidate[] = [];
  return {
    add(request: TrafficRequest, line: number): void {
      const key = describeRequestKey(request);
      const id = hashOf(key);
      const seen = counts.get(id);
      if (typeof seen === 'number') counts.set(id, seen + 1);
      else if (seen !== undefined) seen.occurrences++;
      else {
        const read: ReadRequest = { ...request, source: `${file}:${line}`, occurrences: 1 };
        counts.set(id, read);
        if (sample === undefined) return;
        candidates.push({ id, request: read, order: counts.size, priority: hashOf(`${sample.seed}\n${key}`) });
        if (candidates.length < 2 * sample.count) return;
        candidates.sort(byPriority);
        for (const dropped of candidates.splice(sample.count)) counts.set(dropped.id, dropped.request.occurrences);
      }
    },
    get unique(): number {
      return counts.size;
    },
    /** The requests to send, in the order they were first read. */
    finish(): ReadRequest[] {
      if (sample === undefined) return [...counts.values()].filter((value): value is ReadRequest => typeof value !== 'number');
      return [...candidates]
        .sort(byPriority)
        .slice(0, sample.count)
        .sort((a, b) => a.order - b.order)
        .map((c) => c.request);
    },
  };
}

/**
 * Reads the file (streamed: held are the distinct requests, or with a sample twice its size, and one hash per
 * distinct request), counts what it holds and returns the requests to send. Throws KitError E_USAGE when the
 * file cannot be read, InputError E_REQUESTS_INVALID at the first entry that is not a request.
 */
export async function readTrafficFile(file: string, options: ReadTrafficOptions): Promise<TrafficRead> {
  const { head, chunks } = await peekChunks(await openTextChunks(file, options.cwd));
  const format: TrafficFormat = detectFormat(file, head);
  const collector = createCollector(path.basename(file), options.sample);
  const skipped: Record<string, number> = {};
  let entries = 0;
  let requests = 0;
  let secretsDropped = 0;
  for await (const { line, entry } of parseTraffic(chunks, path.basename(file), format)) {
    if (entry.kind === 'blank') continue;
    entries++;
    if (entry.kind === 'skip') skipped[entry.reason] = (skipped[entry.reason] ?? 0) + 1;
    else {
      requests++;
      secretsDropped += entry.secrets;
      collector.add(entry.request, line);
    }
  }
  const sample = options.sample === undefined ? {} : { sample: options.sample };
  return {
    requests: collector.finish(),
    summary: { file, format, entries, requests, unique: collector.unique, ...sample, skipped, secretsDropped },
  };
}
