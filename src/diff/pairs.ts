// Request pairs: the catalogue's variants matched across the two profiles, and generated requests rendered for
// each side; plus the names each side's answers are normalised with.
import type { CaseVariant, ResolvedRequest } from '../catalogue/index.ts';
import { replaceNames, resourceNames, targetNames } from '../compare/index.ts';
import type { HttpRequest } from '../http/index.ts';
import { buildRequest, encodeQuery } from '../runner/index.ts';
import type { NormaliseLayer } from '../schema/baseline.ts';
import { GENERATED_PREFIX } from '../schema/diff-report.ts';
import { describeRequest, renderRequest, type GeneratedRequest } from './generate/index.ts';
import type { DiffSide, PairRules, RequestPair } from './types.ts';
import { hasTrait } from '../schema/index.ts';
import { isPlainObject, showJson, toCanonicalJson } from '../util/json.ts';

/** A side's own names -> logical names: each resource id -> `${resources.NAME}`, its base URL -> `${target}`. */
export function sideNames(side: Pick<DiffSide, 'profile' | 'url'>): Record<string, string> {
  return { ...targetNames(side.url), ...resourceNames(side.profile.resources) };
}

/** The rules both sides' answers are normalised with: both profiles' `normalise` (and `extra`), each side's own names. */
export function pairRules(a: DiffSide, b: DiffSide, extra?: NormaliseLayer): PairRules {
  const distinctUnordered = [a, b].some(({ ckanRelease }) => ckanRelease !== undefined && hasTrait(ckanRelease, 'distinct-after-limit'));
  return { shared: [a.profile.normalise, b.profile.normalise, extra], namesA: sideNames(a), namesB: sideNames(b), distinctUnordered };
}

function isRunnable(variant: CaseVariant | undefined): variant is CaseVariant {
  return variant !== undefined && variant.notApplicable === undefined && variant.skip === undefined;
}

/**
 * The variants both profiles can run, by id, as request pairs (A's order); `skipped` counts the variants that
 * either side cannot run (not applicable, skipped, or missing on one side).
 */
export function pairVariants(
  variantsA: readonly CaseVariant[],
  variantsB: readonly CaseVariant[],
  a: DiffSide,
  b: DiffSide,
): { pairs: RequestPair[]; skipped: number } {
  const byId = new Map(variantsB.map((v) => [v.id, v]));
  const pairs: RequestPair[] = [];
  let skipped = 0;
  for (const variantA of variantsA) {
    const variantB = byId.get(variantA.id);
    if (!isRunnable(variantA) || !isRunnable(variantB)) {
      skipped++;
      continue;
    }
    // why: both targets get the same question: A's values, with A's resource ids mapped to B's by logical name
    pairs.push({
      id: variantA.id,
      request: describeVariant(variantA, sideNames(a)),
      a: buildRequest(variantA, a.url, a.token),
      b: buildRequest({ ...variantA, request: mapResources(variantA.request, a, b) }, b.url, b.token),
      normalise: variantA.normalise,
    });
  }
  return { pairs, skipped };
}

/** A's resource ids -> B's, for each logical name both profiles give. */
export function mapResourceIdsAtoB(a: DiffSide, b: DiffSide): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [name, id] of Object.entries(a.profile.resources ?? {})) {
    const other = b.profile.resources?.[name];
    if (other !== undefined) ids[id] = other;
  }
  return ids;
}

/** A's request with each of A's resource ids replaced by B's id for the same logical name. */
function mapResources(request: ResolvedRequest, a: DiffSide, b: DiffSide): ResolvedRequest {
  const ids = mapResourceIdsAtoB(a, b);
  const params = replaceNames(request.params, ids);
  const body = replaceNames(request.body, ids);
  const query = replaceNames(request.query, ids);
  return {
    ...request,
    ...(isPlainObject(params) ? { params } : {}),
    ...(typeof body === 'string' ? { body } : {}),
    ...(typeof query === 'string' ? { query } : {}),
  };
}

/**
 * The values the two profiles give differently (`categoryValue: "Advanced" (A) vs "Intermediate" (B)`): the
 * pairs ask both targets with A's, so B's own data may answer them differently.
 */
export function describeValueDifferences(a: DiffSide, b: DiffSide): string[] {
  const valuesA = a.profile.values ?? {};
  const valuesB = b.profile.values ?? {};
  return Object.keys(valuesA)
    .filter((name) => name in valuesB && toCanonicalJson(valuesA[name]) !== toCanonicalJson(valuesB[name]))
    .map((name) => `${name}: ${showJson(valuesA[name])} (A) vs ${showJson(valuesB[name])} (B)`);
}

function describeVariant(variant: CaseVariant, names: Record<string, string>): string {
  const { request } = variant;
  const sent = request.body ?? JSON.stringify(request.params ?? {});
  const text = replaceNames(`${request.action} ${sent}${request.query === undefined ? '' : ` ?${request.query}`}`, names);
  return `${variant.variant.method} ${String(text)}`;
}

/** The HTTP request of a generated request for one side (its resource id, its token). */
export function toSideRequest(request: GeneratedRequest, side: DiffSide): HttpRequest {
  const resourceId = side.profile.resources?.[request.resource] ?? request.resource;
  const rendered = renderRequest(request, resourceId);
  const base = side.url.replace(/\/+$/, '');
  const url = `${base}${rendered.locale === null ? '' : `/${rendered.locale}`}/api/3/action/${rendered.action}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (side.token !== undefined) headers['authorization'] = side.token;
  if (rendered.method === 'GET') return { method: 'GET', url: `${url}?${encodeQuery(rendered.params)}`, headers };
  return { method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(rendered.params) };
}

/** A generated request as a pair for both sides. */
export function toGeneratedPair(request: GeneratedRequest, index: number, a: DiffSide, b: DiffSide): RequestPair {
  return { id: `${GENERATED_PREFIX}${index + 1}`, request: describeRequest(request), a: toSideRequest(request, a), b: toSideRequest(request, b) };
}
