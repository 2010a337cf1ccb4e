// Runs one case variant: send, decode, apply the registry's checks (checks/) -> CaseResult (never throws for target problems).
import type { BaselineContext } from '../baseline/index.ts';
import { describeRedirect, HttpError, toCurl, type HttpRequest, type HttpResponse } from '../http/index.ts';
import { redactHeaders } from '../util/redact.ts';
import type { CaseResult, Exchange } from '../model/index.ts';
import { hasNonFiniteTokens } from '../util/non-finite-json.ts';
import { CaseErrorCode } from './case-error-code.ts';
import { buildRequest } from './build-request.ts';
import {
  CASE_CHECKS,
  describeVacuity,
  isVacuousAnswer,
  rememberParsedBody,
  RESPONSE_CHECKS,
  type AppliedCheck,
  type CaseError,
  type CheckContext,
  type ObservedAnswer,
} from './checks/index.ts';
import { readReturnedRecords } from './order-check.ts';
import type { RunCollaborators, RunOptions, RunVariant } from './types.ts';

/** Response body bytes kept in a report's exchange. */
export const DEFAULT_REPORT_BODY_BYTES = 64 * 1024;

/**
 * Runs one variant and returns its result (token not yet redacted: the caller redacts everything at once). With
 * `baseline`, an answer that could be evaluated is also compared with (or recorded as) its baseline file. The case
 * checks that judge each variant as it finishes (a known deviation) have judged it.
 */
export async function runVariant(variant: RunVariant, options: RunOptions, collaborators: RunCollaborators, baseline?: BaselineContext): Promise<CaseResult> {
  let result = await runOnce(variant, { options, collaborators, baseline });
  for (const check of CASE_CHECKS) {
    if (check.when === 'each-variant' && check.appliesTo([variant], [result])) result = check.check(options, [result], [variant])[0] ?? result;
  }
  return result;
}

async function runOnce(variant: RunVariant, context: CheckContext): Promise<CaseResult> {
  const { options, collaborators } = context;
  const base = createBaseResult(variant);
  if (variant.skip !== undefined) return { ...base, status: 'skipped', reason: variant.skip };
  if (variant.notApplicable !== undefined) return { ...base, status: 'not-applicable', reason: variant.notApplicable, ...pinOf(variant.missingValues) };
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
  const answer = decode(variant, request, response);
  if ('error' in answer) return { ...base, status: 'error', durationMs: elapsed(), error: answer.error, exchange };
  const applied = await applyChecks(variant, answer, context);
  const durationMs = elapsed();
  const adds: Partial<CaseResult> = Object.assign({}, ...applied.map((a) => a.outcome.adds ?? {}));
  const failed = applied.find((a) => a.outcome.error !== undefined)?.outcome.error;
  if (failed !== undefined) return { ...base, status: 'error', durationMs, error: failed, exchange, ...adds };
  // why: the variants of a case are compared on their records; parsed once, here
  const keep = (result: CaseResult): CaseResult => (variant.hasVariants ? rememberParsedBody(result, answer.json ? answer.body : answer.text) : result);
  // why: checks that all held over nothing (every over no record, sortedBy over one) are no evidence of conformance
  if (isVacuousAnswer(variant, applied)) {
    return keep({ ...base, status: 'not-applicable', durationMs, exchange, reason: describeVacuity(applied), ...pinOf(variant.values), ...adds });
  }
  const findings = applied.flatMap((a) => a.outcome.findings);
  const status = findings.length > 0 ? 'fail' : response.attempts > 1 ? 'flaky' : 'pass';
  const reason = variant.partlyNotApplicable === undefined ? {} : { reason: variant.partlyNotApplicable };
  return keep({ ...base, status, durationMs, findings, exchange, ...reason, ...adds });
}

/** The response checks that apply to the answer, in the registry's order, until one ends in a case error. */
async function applyChecks(variant: RunVariant, answer: ObservedAnswer, context: CheckContext): Promise<AppliedCheck[]> {
  const applied: AppliedCheck[] = [];
  for (const check of RESPONSE_CHECKS) {
    if (!check.appliesTo(variant, answer, context)) continue;
    const outcome = await check.check(context, answer, variant);
    applied.push({ check, outcome });
    if (outcome.error !== undefined) break;
  }
  return applied;
}

/** `{ pin }` for a variant that names the profile values it depends on; `{}` otherwise. */
function pinOf(names: readonly string[] | undefined): { pin?: string[] } {
  return names === undefined || names.length === 0 ? {} : { pin: [...names] };
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

/**
 * The answer as the checks see it, or a case error: a body cut at the cap, or a body that is not JSON where a check
 * needs JSON (checks/expect.ts says when: CKAN answers its routing errors, 404 and 405, with HTML).
 */
function decode(variant: RunVariant, request: HttpRequest, response: HttpResponse): ObservedAnswer | { error: CaseError } {
  // why: the status (and the retries spent, e.g. on a final 503 or 429) is the first thing a reader needs
  const where = `[${request.method}] "${request.url}": HTTP ${response.status}${response.attempts > 1 ? ` after ${response.attempts} attempts` : ''}`;
  if (response.bodyTruncated) {
    return { error: { code: CaseErrorCode.bodyTooLarge, message: `${where}, response body too large, cut after ${Buffer.byteLength(response.body)} bytes` } };
  }
  const parsed = parseJson(response.body);
  if (!parsed.ok && RESPONSE_CHECKS.some((check) => check.needsJson?.(variant, response.status) === true)) {
    const type = response.headers['content-type']?.split(';')[0]?.trim() || 'no content type';
    const flat = response.body.replace(/\s+/g, ' ').trim();
    const head = flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
    if (hasNonFiniteTokens(response.body)) {
      const why = 'JSON but for bare NaN/Infinity number tokens, which JSON does not have (Python writes non-finite floats so)';
      return { error: { code: CaseErrorCode.jsonNonFinite, message: `${where}, response is not valid JSON: ${why}` } };
    }
    const redirect = describeRedirect(request.url, response);
    const what = redirect === undefined ? `response is not JSON (${type}): ${head || '(empty body)'}` : `response is not JSON: ${redirect}`;
    return { error: { code: CaseErrorCode.notJson, message: `${where}, ${what}` } };
  }
  const body = parsed.ok ? parsed.value : undefined;
  return {
    status: response.status,
    body,
    json: parsed.ok,
    text: response.body,
    contentType: response.headers['content-type'] ?? '',
    durationMs: response.durationMs,
    returned: response.status < 300 ? readReturnedRecords(body) : undefined,
  };
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
