// Runs one case variant: send, decode, evaluate expectations -> CaseResult (never throws for target problems).
import { checkBaseline, type BaselineContext } from '../baseline/index.ts';
import { describeRedirect, HttpError, redactHeaders, toCurl, type HttpRequest, type HttpResponse } from '../http/index.ts';
import type { CaseResult, Exchange, Finding } from '../model/index.ts';
import { rememberParsedBody } from './agree.ts';
import { buildRequest } from './build-request.ts';
import { checkContractFor } from './contract-check.ts';
import { checkExpect, type ObservedResponse } from './expect.ts';
import { applyKnownDeviation } from './known.ts';
import { hasNonFiniteTokens } from '../util/non-finite-json.ts';
import { checkImpliedOrder, readReturnedRecords } from './order-check.ts';
import { checkVariantRelation } from './relation.ts';
import { checkedSomething, VACUOUS_REASON } from './vacuity.ts';
import type { RunCollaborators, RunOptions, RunVariant } from './types.ts';

/** Response body bytes kept in a report's exchange. */
export const DEFAULT_REPORT_BODY_BYTES = 64 * 1024;

/**
 * Runs one variant and returns its result (token not yet redacted: the caller redacts everything at once). With
 * `baseline`, an answer that could be evaluated is also compared with (or recorded as) its baseline file.
 */
export async function runVariant(variant: RunVariant, options: RunOptions, collaborators: RunCollaborators, baseline?: BaselineContext): Promise<CaseResult> {
  return applyKnownDeviation(await runOnce(variant, options, collaborators, baseline), variant, options);
}

async function runOnce(variant: RunVariant, options: RunOptions, collaborators: RunCollaborators, baseline?: BaselineContext): Promise<CaseResult> {
  const base = createBaseResult(variant);
  if (variant.skip !== undefined) return { ...base, status: 'skipped', reason: variant.skip };
  if (variant.notApplicable !== undefined) return { ...base, status: 'not-applicable', reason: variant.notApplicable };
  const request = buildRequest(variant, options.targetUrl, options.token);
  const started = collaborators.clock.now();
  const elapsed = (): number => Math.max(0, collaborators.clock.now() - started);
  base.startedAt = new Date(started).toISOString();
  let response: HttpResponse;
  try {
    // why: an interrupted run stops the requests in flight too, instead of waiting for their timeout
    response = await collaborators.client.send(options.signal === undefined ? request : { ...request, signal: options.signal });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const exchange = toExchange(request, undefined, error.attempts, options);
    return { ...base, status: 'error', durationMs: elapsed(), error: { code: error.code, message: error.message }, exchange };
  }
  const exchange = toExchange(request, response, response.attempts, options);
  const evaluated = evaluate(variant, request, response, options);
  // why: a relation compares this answer with the answers to related requests, sent only when this one succeeded
  const related =
    variant.relation === undefined || 'error' in evaluated || response.status >= 300
      ? undefined
      : await checkVariantRelation(variant, evaluated.body, options, collaborators);
  const outcome =
    related === undefined || 'error' in evaluated
      ? evaluated
      : 'error' in related
        ? related
        : withRelation(evaluated, related, variant.expect.records !== undefined);
  const durationMs = elapsed();
  if ('error' in outcome) return { ...base, status: 'error', durationMs, error: outcome.error, exchange };
  const checked = baseline === undefined ? undefined : await checkBaseline(variant, { status: response.status, body: outcome.body }, baseline);
  const findings = [...outcome.findings, ...(checked?.findings ?? [])];
  const withBaseline = checked === undefined ? {} : { baseline: checked.baseline };
  // why: the variants of a case are compared on their records; parsed once, here
  const keep = (result: CaseResult): CaseResult => (variant.hasVariants ? rememberParsedBody(result, outcome.body) : result);
  // why: checks that all held over nothing (every over no record, sortedBy over one) are no evidence of conformance
  if (findings.length === 0 && !outcome.checkedSomething) {
    return keep({ ...base, status: 'not-applicable', durationMs, exchange, reason: VACUOUS_REASON, ...withBaseline });
  }
  const status = findings.length > 0 ? 'fail' : response.attempts > 1 ? 'flaky' : 'pass';
  const reason = variant.partlyNotApplicable === undefined ? {} : { reason: variant.partlyNotApplicable };
  return keep({ ...base, status, durationMs, findings, exchange, ...reason, ...withBaseline });
}

/** A result shell for a variant (status pass, no findings), to be completed by the caller. */
export function createBaseResult(variant: RunVariant): CaseResult {
  return {
    id: variant.id,
    caseId: variant.caseId,
    title: variant.title,
    class: variant.class,
    tags: [...variant.tags],
    spec: [...variant.spec],
    file: variant.file,
    variant: { ...variant.variant },
    status: 'pass',
    durationMs: 0,
    findings: [],
  };
}

/** The checks' findings, and the body as compared with a baseline (parsed JSON, else the text). */
type Evaluated = { findings: Finding[]; checkedSomething: boolean; body: unknown };
type Outcome = Evaluated | { error: { code: string; message: string } };

/**
 * The evaluation with the relation's findings. The relation is the point of such a case: without a `records`
 * expectation of its own, the variant checked something only if the relation compared records.
 */
function withRelation(evaluated: Evaluated, related: { findings: Finding[]; checked: boolean }, expectsRecords: boolean): Evaluated {
  const checkedSomething = (expectsRecords && evaluated.checkedSomething) || related.checked;
  return { ...evaluated, findings: [...evaluated.findings, ...related.findings], checkedSomething };
}

/**
 * Expectation keys that need a JSON body. CKAN answers routing errors (404, 405) with HTML, so a case that checks
 * only `status`/`maxMs` of an error answer may get a non-JSON body; anything else non-JSON is a case error.
 */
const BODY_KEYS = ['success', 'errorType', 'error', 'body', 'records', 'total', 'fields', 'result', 'resultAbsent'] as const;

function evaluate(variant: RunVariant, request: HttpRequest, response: HttpResponse, options: RunOptions): Outcome {
  // why: the status (and the retries spent, e.g. on a final 503 or 429) is the first thing a reader needs
  const where = `[${request.method}] "${request.url}": HTTP ${response.status}${response.attempts > 1 ? ` after ${response.attempts} attempts` : ''}`;
  if (response.bodyTruncated) {
    return { error: { code: 'E_BODY_TOO_LARGE', message: `${where}, response body too large, cut after ${Buffer.byteLength(response.body)} bytes` } };
  }
  const parsed = parseJson(response.body);
  const expects = [variant.expect, variant.expectOnFixtures];
  // why: a case that states what the raw body looks like (bodyMatches) accepts a body that is not JSON (JSONP)
  const rawBodyExpected = expects.some((e) => e?.bodyMatches !== undefined);
  const needsBody = !rawBodyExpected && (response.status < 400 || expects.some((e) => e !== undefined && BODY_KEYS.some((k) => k in e)));
  if (!parsed.ok && needsBody) {
    const type = response.headers['content-type']?.split(';')[0]?.trim() || 'no content type';
    const flat = response.body.replace(/\s+/g, ' ').trim();
    const head = flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
    if (hasNonFiniteTokens(response.body)) {
      const why = 'JSON but for bare NaN/Infinity number tokens, which JSON does not have (Python writes non-finite floats so)';
      return { error: { code: 'E_JSON_NON_FINITE', message: `${where}, response is not valid JSON: ${why}` } };
    }
    const redirect = describeRedirect(request.url, response);
    const what = redirect === undefined ? `response is not JSON (${type}): ${head || '(empty body)'}` : `response is not JSON: ${redirect}`;
    return { error: { code: 'E_NOT_JSON', message: `${where}, ${what}` } };
  }
  const observed: ObservedResponse = {
    status: response.status,
    body: parsed.ok ? parsed.value : undefined,
    text: response.body,
    contentType: response.headers['content-type'] ?? '',
    durationMs: response.durationMs,
  };
  const params = variant.request.params;
  const returned = response.status < 300 ? readReturnedRecords(observed.body) : undefined;
  const order = variant.impliedOrder;
  const findings = [
    ...(parsed.ok ? checkContractFor(variant, observed, options.contract, options.ckan?.versions) : []),
    ...checkExpect(variant.expect, observed, { rulePrefix: '', params }),
    ...(variant.expectOnFixtures === undefined ? [] : checkExpect(variant.expectOnFixtures, observed, { rulePrefix: 'expectOnFixtures.', params })),
    ...(order !== undefined && returned !== undefined ? checkImpliedOrder(order, returned) : []),
  ];
  return { findings, checkedSomething: checkedSomething(expects, returned, order), body: parsed.ok ? parsed.value : response.body };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

function toExchange(request: HttpRequest, response: HttpResponse | undefined, attempts: number, options: RunOptions): Exchange {
  const req: Exchange['request'] = { method: request.method, url: request.url, headers: redactHeaders(request.headers ?? {}) };
  if (request.body !== undefined) req.body = request.body;
  const exchange: Exchange = { request: req, attempts, curl: toCurl(request) };
  if (response !== undefined) {
    const cap = options.reportBodyBytes ?? DEFAULT_REPORT_BODY_BYTES;
    const body = cutUtf8(response.body, cap);
    exchange.response = {
      status: response.status,
      headers: { ...response.headers },
      body,
      bodyTruncated: response.bodyTruncated || body.length < response.body.length,
      durationMs: response.durationMs,
    };
  }
  return exchange;
}

/** The longest prefix of `text` that fits in `maxBytes` of UTF-8 (never splitting a character). */
function cutUtf8(text: string, maxBytes: number): string {
  // why: a UTF-16 code unit is at most 3 UTF-8 bytes, so most bodies fit without being measured
  if (text.length * 3 <= maxBytes || Buffer.byteLength(text) <= maxBytes) return text;
  const cut = Buffer.from(text).subarray(0, maxBytes).toString('utf8');
  // a split multi-byte character decodes to U+FFFD at the end: drop it
  return cut.endsWith('\uFFFD') ? cut.slice(0, -1) : cut;
}
