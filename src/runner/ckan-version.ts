// Which CKAN version a run assumes, and which contract it checks: `--ckan-version V|auto`, else the profile's
// `ckan` (or a legacy `ckan-<version>` capability), else the reference server's version; `auto` asks the target.
import { inferCkanVersion, versionsIn, type ObservedAnswer } from '../contract/index.ts';
import { legacyCkanVersion } from '../catalogue/index.ts';
import type { HttpClient } from '../http/index.ts';
import { toCkanVersion, type CkanVersion, type Profile } from '../schema/index.ts';
import { getChild } from '../util/json-pointer.ts';
import type { ContractProfile } from './types.ts';

/** What the options and profile ask for, before anything is sent. */
export type CkanVersionPlan = { kind: 'known'; version: CkanVersion; reason: string } | { kind: 'auto'; reason: string } | { kind: 'none'; reason: string };

/** The version a run uses: one version, or none with the versions still possible, and why. */
export interface ResolvedCkanVersion {
  version: CkanVersion | undefined;
  /** The versions the contract accepts: the version itself, or every version the target may run. */
  versions: CkanVersion[];
  reason: string;
  /** The full release (status_show's `ckan_version`, e.g. 2.11.5) when the target said one of `version`. */
  release?: string | undefined;
}

/** Why CKAN compatibility is not tested when neither the flag nor the profile names a release. */
export const NO_RELEASE_NAMED = 'the profile names no CKAN release';

/** Flag, else profile (`ckan`, then a legacy `ckan-<version>` capability), else the reference server's version. */
export function planCkanVersion(flag: CkanVersion | 'auto' | undefined, profile: Profile, referenceVersion: CkanVersion | undefined): CkanVersionPlan {
  if (flag === 'auto') return { kind: 'auto', reason: '--ckan-version auto' };
  if (flag !== undefined) return { kind: 'known', version: flag, reason: `--ckan-version ${flag}` };
  if (profile.ckan === 'auto') return { kind: 'auto', reason: 'the profile says ckan: auto' };
  if (profile.ckan !== undefined) return { kind: 'known', version: profile.ckan, reason: `the profile says ckan: "${profile.ckan}"` };
  const legacy = profile.capabilities.map(legacyCkanVersion).find((v) => v !== undefined);
  if (legacy !== undefined) return { kind: 'known', version: legacy, reason: `from the profile's ckan-${legacy} capability` };
  if (referenceVersion !== undefined) return { kind: 'known', version: referenceVersion, reason: `the reference server answers as ${referenceVersion}` };
  // why neutral: a service that is not CKAN is judged on the API description; CKAN compatibility is then not tested
  return { kind: 'none', reason: NO_RELEASE_NAMED };
}

/** `--contract` wins; else `ckan` for the reference server or when a CKAN version is named (or auto); else `seed`. */
export function chooseContract(flag: ContractProfile | undefined, plan: CkanVersionPlan, reference: boolean): { profile: ContractProfile; reason: string } {
  if (flag !== undefined) return { profile: flag, reason: `--contract ${flag}` };
  if (reference) return { profile: 'ckan', reason: 'the bundled reference server answers as CKAN does' };
  if (plan.kind !== 'none') return { profile: 'ckan', reason: `a CKAN version is named (${plan.reason})` };
  return { profile: 'seed', reason: `${NO_RELEASE_NAMED}: the API description's contract` };
}

/** Where `auto` looks when status_show did not tell: a search on `_table_metadata`, and an SQL numeric. */
export interface DetectOptions {
  client: HttpClient;
  baseUrl: string;
  /** Answers the pre-flight already has (status_show, a search); read before anything new is sent. */
  answers: readonly ObservedAnswer[];
  /** Whether the target has datastore_search_sql (the profile's `sql` capability). */
  sql: boolean;
  token?: string | undefined;
}

/**
 * Resolves `auto`: status_show's `ckan_version`, else markers of the pre-flight's answers, narrowed by one SQL
 * numeric when the search alone cannot tell 2.10 from 2.11. A version it cannot tell is said, not guessed.
 */
export async function detectCkanVersion(options: DetectOptions): Promise<ResolvedCkanVersion> {
  const answers = [...options.answers];
  let inferred = inferCkanVersion(answers);
  if (inferred.version === undefined && !answers.some((a) => a.action === 'datastore_search')) {
    answers.push(...(await ask(options, 'datastore_search', 'resource_id=_table_metadata&limit=1')));
    inferred = inferCkanVersion(answers);
  }
  const splits = inferred.range === undefined || inferred.range.min !== inferred.range.max;
  if (inferred.version === undefined && splits && options.sql) {
    answers.push(...(await ask(options, 'datastore_search_sql', `sql=${encodeURIComponent(SQL_PROBE)}`)));
    inferred = inferCkanVersion(answers);
  }
  if (inferred.version !== undefined) return { version: inferred.version, versions: [inferred.version], reason: inferred.reason };
  return { version: undefined, versions: versionsIn(inferred.range), reason: inferred.reason };
}

/** The version with the release the target's status_show names, when that release is of the same minor version. */
export function withStatusRelease(resolved: ResolvedCkanVersion, answers: readonly ObservedAnswer[]): ResolvedCkanVersion {
  for (const answer of answers) {
    if (answer.action !== 'status_show') continue;
    const full = getChild(getChild(answer.body, 'result'), 'ckan_version');
    if (typeof full === 'string' && toCkanVersion(full) === resolved.version) return { ...resolved, release: full.trim() };
  }
  return resolved;
}

/** The resolved version of a plan that needs no request. */
export function resolvePlan(plan: CkanVersionPlan): ResolvedCkanVersion {
  if (plan.kind === 'known') return { version: plan.version, versions: [plan.version], reason: plan.reason };
  return { version: undefined, versions: versionsIn(undefined), reason: plan.reason };
}

// why a constant: CKAN up to 2.10 renders SQL numerics as strings, 2.11 as numbers; no table is read
const SQL_PROBE = 'SELECT 1.5::numeric AS n';

/** One GET under /api/3/action; [] when it brings no JSON (a refused or odd answer only means no marker). */
async function ask(options: DetectOptions, action: string, query: string): Promise<ObservedAnswer[]> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/api/3/action/${action}?${query}`;
  const headers: Record<string, string> = { accept: 'application/json', ...(options.token === undefined ? {} : { authorization: options.token }) };
  try {
    const response = await options.client.send({ method: 'GET', url, headers });
    const body: unknown = JSON.parse(response.body);
    return [{ action, status: response.status, body }];
  } catch {
    return [];
  }
}
