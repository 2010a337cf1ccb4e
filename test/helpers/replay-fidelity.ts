// Sends a recorded request to a server and compares its answer with what real CKAN answered: the fidelity
// measure of the reference server. The normalisation is the one `diff` uses by default (src/compare), with the
// deployment's identity (its base URL) replaced on both sides, so that only what CKAN itself decides is compared.
import { Agent, request as httpRequest, type RequestOptions } from 'node:http';
import { hasTrait } from '../../src/schema/index.ts';
import { compareSnapshots, normaliseSnapshot, resolveNormaliseRules, type Difference } from '../../src/compare/index.ts';
import type { RecordedExchange } from './ckan-recordings.ts';

/** The outcome of one recorded request sent again. */
export interface FidelityResult {
  exchange: RecordedExchange;
  agree: boolean;
  differences: Difference[];
  /** What the server answered (status and body text), for the report of a disagreement. */
  actual: { status: number; contentType: string; body: string };
}

export interface ReplayTarget {
  /** Base URL of the server under test (no trailing slash). */
  url: string;
  /** Sent as `Authorization` where CKAN got the sysadmin's token. */
  token: string;
  /** Base URL of the recorded CKAN (meta.json), replaced by `${target}` on both sides. */
  recordedUrl: string;
  /** The recorded CKAN's release (meta.json): on releases that apply DISTINCT after LIMIT, distinct records are compared as a set. */
  recordedRelease: string;
}

const TARGET = '${target}';
/** Sent where CKAN refused the token it got: the recordings keep only that one was sent (a case's wrong token). */
const INVALID_TOKEN = 'not-a-valid-token-0000';

function isRefusal(exchange: RecordedExchange): boolean {
  return exchange.status === 403 && exchange.responseBody.includes('Authorization Error');
}

/** The server's own timeout answers (search and SQL): what a statement gets that ran out of time. */
const TIMED_OUT = /"(?:Search|Query) took too long"/;

/**
 * Sends the exchange's request to the target as it was sent to CKAN, and compares the two answers. A timeout
 * answer where CKAN gave none is asked once more: it tells of the machine's load (a test file beside this one on
 * the same two cores), not of what the server answers.
 */
export async function replayExchange(target: ReplayTarget, exchange: RecordedExchange): Promise<FidelityResult> {
  const first = await send(target, exchange);
  const actual = TIMED_OUT.test(first.body) && !TIMED_OUT.test(exchange.responseBody) ? await send(target, exchange) : first;
  const expected = { status: exchange.status, contentType: exchange.responseHeaders['content-type'] ?? '', body: exchange.responseBody };
  const differences = compareAnswers(expected, actual, target);
  return { exchange, agree: differences.length === 0, differences, actual };
}

type Answer = FidelityResult['actual'];

// why node:http and not fetch: tens of thousands of requests a run, and fetch's streams cost a third of the client's CPU
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

async function send(target: ReplayTarget, exchange: RecordedExchange): Promise<Answer> {
  const headers: Record<string, string> = { ...exchange.requestHeaders };
  if (exchange.auth) headers.authorization = isRefusal(exchange) ? INVALID_TOKEN : target.token;
  const body = exchange.requestBody !== '' || exchange.method === 'POST' ? Buffer.from(exchange.requestBody) : undefined;
  if (body !== undefined) headers['content-length'] = String(body.length);
  const url = `${target.url}${exchange.path}`;
  try {
    return await sendOnce(url, { method: exchange.method, headers, agent }, body);
  } catch (error) {
    // why: a kept-alive socket the server closed meanwhile fails the request sent on it; Node's advice is to send again
    if (!(error instanceof ReusedSocketError)) throw error;
    return await sendOnce(url, { method: exchange.method, headers, agent }, body);
  }
}

/** A request failed on a kept-alive socket that the server had closed. */
class ReusedSocketError extends Error {}

function sendOnce(url: string, options: RequestOptions, body: Buffer | undefined): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const request = httpRequest(url, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => {
        const contentType = response.headers['content-type'] ?? '';
        // why: a dump with bom=true must keep its leading BOM, which Buffer's UTF-8 decoding keeps
        resolve({ status: response.statusCode ?? 0, contentType, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.once('error', (error) => reject(request.reusedSocket ? new ReusedSocketError(error.message, { cause: error }) : error));
    request.end(body);
  });
}

function compareAnswers(expected: Answer, actual: Answer, target: ReplayTarget): Difference[] {
  const differences: Difference[] = [];
  const typeA = mediaType(expected.contentType);
  const typeB = mediaType(actual.contentType);
  if (typeA !== typeB) differences.push({ kind: 'body', path: '/content-type', message: `content-type ${typeA} -> ${typeB}` });
  if (typeA === 'text/html' && typeB === 'text/html') {
    // why: error pages are the deployment's theme (docs/reference-server.md); only the status is CKAN's
    if (expected.status !== actual.status) differences.push({ kind: 'status', path: '', message: `status ${expected.status} -> ${actual.status}` });
    return differences;
  }
  const textA = expected.body.split(target.recordedUrl).join(TARGET);
  const textB = actual.body.split(target.url).join(TARGET);
  // why: most answers are CKAN's to the byte; the same text normalises the same way, so only others are parsed
  if (differences.length === 0 && expected.status === actual.status && textA === textB) return differences;
  const rules = resolveNormaliseRules();
  const a = normaliseSnapshot(toSnapshot(expected.status, typeA, textA), rules).snapshot;
  const b = normaliseSnapshot(toSnapshot(actual.status, typeB, textB), rules).snapshot;
  differences.push(...compareSnapshots(a, b, { maxDifferences: 20, distinctUnordered: hasTrait(target.recordedRelease, 'distinct-after-limit') }).differences);
  return differences;
}

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function toSnapshot(status: number, type: string, text: string): { status: number; body: unknown } {
  if (type !== 'application/json' && !type.endsWith('javascript')) return { status, body: text };
  try {
    return { status, body: JSON.parse(text) };
  } catch {
    return { status, body: text };
  }
}

/** Every exchange replayed against the target, 8 in flight at once (as the recordings were sent), in order. */
export async function replayAll(target: ReplayTarget, exchanges: readonly RecordedExchange[]): Promise<FidelityResult[]> {
  const results: FidelityResult[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < exchanges.length; index = next++) {
      const exchange = exchanges[index];
      if (exchange !== undefined) results[index] = await replayExchange(target, exchange);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return results;
}
