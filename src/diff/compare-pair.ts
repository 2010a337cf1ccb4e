// One request pair: sent to both targets at once, each answer normalised with the same rules, and compared
// record by record (src/compare). A target that gives no answer makes the pair an error, never a crash.
import { compareSnapshots, normaliseSnapshot, resolveNormaliseRules, type ResponseSnapshot } from '../compare/index.ts';
import { HttpError, toCurl, type HttpClient, type HttpRequest, type HttpResponse } from '../http/index.ts';
import type { PairResult, SentRequest } from '../schema/diff-report.ts';
import { parseNonFiniteJson } from '../util/non-finite-json.ts';
import type { ComparedPair, PairRules, RequestPair } from './types.ts';

/** How curl commands show the token: the shell variable to set before replaying. */
export const TOKEN_VARIABLE = '$TOKEN';

/** What one target gave: its answer, or why there was none (one line). */
export type Answer = { response: HttpResponse } | { error: string };

async function sendOne(client: HttpClient, request: HttpRequest): Promise<Answer> {
  try {
    return { response: await client.send(request) };
  } catch (error) {
    if (error instanceof HttpError) return { error: error.message };
    throw error;
  }
}

/** The answer as compared: its JSON body, or its text when it is not JSON (or was cut at the body cap). */
export function toSnapshot(response: HttpResponse): ResponseSnapshot {
  if (response.bodyTruncated) return { status: response.status, body: `<body over the size cap, ${response.body.length} characters read>` };
  try {
    return { status: response.status, body: JSON.parse(response.body) };
  } catch {
    // why: CKAN 2.9-2.11 answer non-finite floats as bare NaN/Infinity; compared as JSON (tokens marked), the help
    // URL and the target's names are normalised as in any other answer
    const lenient = parseNonFiniteJson(response.body);
    return { status: response.status, body: lenient === undefined ? response.body : lenient.value };
  }
}

function describeSent(request: HttpRequest, answer: Answer): SentRequest {
  const curl = toCurl(request, { secretAs: TOKEN_VARIABLE });
  return 'error' in answer ? { error: answer.error, curl } : { status: answer.response.status, curl };
}

/** The two answers of a pair that did not agree, as they came (no answer: its error). */
export interface PairAnswers {
  a: Answer;
  b: Answer;
}

/** Options of comparePair. */
export interface ComparePairOptions {
  /** Differences listed per pair. Default 100. */
  maxDifferences?: number | undefined;
  /** Called with both answers of a pair that did not agree, before they are let go (the upgrade check keeps examples). */
  onAnswers?: ((result: PairResult, answers: PairAnswers) => void) | undefined;
}

/**
 * Sends the pair to both targets, normalises and compares the answers (A expected, B actual); the normalised answers
 * come back beside the result, for a judge that reads them (they are not part of the report).
 */
export async function comparePair(client: HttpClient, pair: RequestPair, rules: PairRules, options: ComparePairOptions = {}): Promise<ComparedPair> {
  const [answerA, answerB] = await Promise.all([sendOne(client, pair.a), sendOne(client, pair.b)]);
  const compared = compareAnswers(pair, rules, answerA, answerB, options.maxDifferences);
  if (compared.result.outcome !== 'agree') options.onAnswers?.(compared.result, { a: answerA, b: answerB });
  return compared;
}

function compareAnswers(pair: RequestPair, rules: PairRules, answerA: Answer, answerB: Answer, maxDifferences: number | undefined): ComparedPair {
  const base = { id: pair.id, request: pair.request, a: describeSent(pair.a, answerA), b: describeSent(pair.b, answerB) };
  if ('error' in answerA || 'error' in answerB) return { pair, result: { ...base, outcome: 'error', rules: [], differences: [] } };
  const normalise = (response: HttpResponse, names: Readonly<Record<string, string>>) =>
    normaliseSnapshot(toSnapshot(response), resolveNormaliseRules(...rules.shared, pair.normalise, { names: { ...names } }));
  const a = normalise(answerA.response, rules.namesA);
  const b = normalise(answerB.response, rules.namesB);
  const { differences, truncated } = compareSnapshots(a.snapshot, b.snapshot, {
    distinctUnordered: rules.distinctUnordered,
    ...(maxDifferences === undefined ? {} : { maxDifferences }),
  });
  const applied = [...new Set([...a.applied, ...b.applied])];
  const result: PairResult = {
    ...base,
    outcome: differences.length === 0 ? 'agree' : 'differ',
    rules: applied,
    differences,
    ...(truncated ? { truncated } : {}),
  };
  return { pair, result, answers: { a: a.snapshot, b: b.snapshot } };
}
