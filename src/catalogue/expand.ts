// Expands a loaded case into its variants (method x locale x apiPath) for one profile: resolves variables,
// keeps fixture-only expectations only for fixtures targets, and says why a variant is not applicable.
import { InputError, KitErrorCode } from '../errors.ts';
import { compileSchema } from '../schema/ajv.ts';
import {
  CaseExpectSchema,
  ExpectSchema,
  RequestSchema,
  resolveKnownDeviation,
  type CaseExpect,
  type CaseRequest,
  type Expect,
  type Method,
} from '../schema/case.ts';
import { describeCkanReleases, isInCkanReleases, type CkanReleases } from '../schema/ckan-releases.ts';
import type { CkanVersion } from '../schema/ckan-version.ts';
import type { Profile } from '../schema/profile.ts';
import { showJson } from '../util/json.ts';
import { getAtPointer } from '../util/json-pointer.ts';
import type { VariantKey } from '../schema/report.ts';
import { hasCapability } from './capabilities.ts';
import { describeAjvErrors } from './describe-errors.ts';
import { resolveRelation } from './expand-relation.ts';
import { deriveImpliedOrder } from './implied-order.ts';
import type { CaseVariant, LoadedCase } from './types.ts';
import { resolveVariables, type VariableScope } from './variables.ts';

type Key = VariantKey & { apiPath: NonNullable<CaseRequest['apiPath']> };

/** Defaults of a request that names no method, locale or API path. */
export const REQUEST_DEFAULTS = { method: 'POST', locale: null, apiPath: '/api/action' } as const;

/**
 * Values every profile has unless it names its own: CKAN's defaults of the page-size settings a site may change
 * (ckan.datastore.search.rows_default and rows_max). `probe` writes a site's own.
 */
export const CKAN_SETTING_VALUES: Readonly<Record<string, number>> = Object.freeze({ rowsDefault: 100, rowsMax: 32000 });

/** What a case is expanded against. */
export interface ExpandOptions {
  profile: Profile;
  /** Environment for `${env.NAME}` (the CLI passes process.env; library code never reads it). */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * Whether the run will send a token. When false, cases that need `token` are not applicable, with a reason
   * that says how to give one. Undefined: not judged (listing).
   */
  hasToken?: boolean;
  /**
   * The CKAN version the target runs. A case with a `ckan` range is not applicable outside it, and not
   * applicable when the version is unknown (undefined).
   */
  ckanVersion?: CkanVersion | undefined;
  /** The target's full release (e.g. 2.11.5), when known; ranges naming a patch are judged on it. */
  ckanRelease?: string | undefined;
}

/** The expectation keys that say nothing about the data: a case with only these checks only fixture data. */
const dataFreeKeys: ReadonlySet<string> = new Set(['status', 'success', 'contract', 'errorType', 'maxMs']);

/**
 * The variants of one case, in method x locale x apiPath order. Each variant's id is the case id, plus
 * ` [METHOD locale|- apiPath]` when the case declares variants. A variant with a non-null locale implicitly
 * needs the `locale` capability. Throws InputError (E_CASE_INVALID) when a profile value does not fit where a
 * variable uses it (e.g. an object substituted for `action`).
 */
export function expandCase(loaded: LoadedCase, options: ExpandOptions): CaseVariant[] {
  const c = loaded.case;
  const declared = c.variants !== undefined && Object.keys(c.variants).length > 0;
  const methods: readonly Method[] = c.variants?.method ?? [c.request.method ?? REQUEST_DEFAULTS.method];
  const locales = c.variants?.locale ?? [c.request.locale ?? REQUEST_DEFAULTS.locale];
  const apiPaths = c.variants?.apiPath ?? [c.request.apiPath ?? REQUEST_DEFAULTS.apiPath];
  const keys: Key[] = methods.flatMap((method) => locales.flatMap((locale) => apiPaths.map((apiPath) => ({ method, locale, apiPath }))));
  return keys.map((variant) => expandVariant(loaded, variant, declared, options));
}

function expandVariant(loaded: LoadedCase, variant: Key, declared: boolean, options: ExpandOptions): CaseVariant {
  const c = loaded.case;
  const { profile } = options;
  const scope: VariableScope = { resources: profile.resources ?? {}, values: { ...CKAN_SETTING_VALUES, ...profile.values }, env: options.env };
  const fixtures = profile.data === 'fixtures' && c.expectOnFixtures !== undefined;
  const substitute: Substitution = { scope, profile: profile.name };
  const request = resolveRequest(loaded, { ...c.request, ...variant }, substitute);
  const expect = resolveExpect(loaded, c.expect, substitute, '/expect');
  const onFixtures = fixtures && c.expectOnFixtures ? resolveExpect(loaded, c.expectOnFixtures, substitute, '/expectOnFixtures') : undefined;
  const resolvedRequest = { ...request.value, method: variant.method, locale: variant.locale, apiPath: variant.apiPath };
  const relation = c.relation === undefined ? undefined : resolveRelation(c.relation, resolvedRequest, scope, c.request.params);
  const missing = [...request.missing, ...expect.missing, ...(onFixtures?.missing ?? []), ...(relation?.missing ?? [])];
  const lacking = notApplicableReason(c.needs ?? [], variant, missing, options);
  const outOfRange = versionReason(c.ckan, options.ckanRelease ?? options.ckanVersion);
  const reason = joinReasons(lacking.reason, outOfRange);
  const missingValues = outOfRange === undefined ? lacking.onlyData : undefined;
  const values = usedValues(c);
  // why: against other data, fixture-exact checks cannot run; a case with nothing else to check is not applicable
  const fixturesOnly = c.expectOnFixtures !== undefined && !fixtures;
  // a relation holds on any data: a case that has one checks something beyond its fixture-exact block
  const checksOnlyFixtures = fixturesOnly && c.relation === undefined && Object.keys(c.expect).every((key) => dataFreeKeys.has(key));
  const fixtureReason = `fixture-exact checks not applicable: profile "${profile.name}" does not serve the bundled fixtures (data: ${profile.data})`;
  const id = declared ? `${c.id} [${variant.method} ${variant.locale ?? '-'} ${variant.apiPath}]` : c.id;
  const impliedOrder = deriveImpliedOrder(c.request.action, request.value.params, options.ckanVersion);
  return {
    id,
    caseId: c.id,
    title: c.title,
    class: c.class,
    tags: c.tags ?? [],
    spec: c.spec,
    file: loaded.file,
    variant,
    hasVariants: declared,
    request: resolvedRequest,
    expect: expect.value,
    ...(relation === undefined ? {} : { relation: relation.value }),
    ...(impliedOrder === undefined ? {} : { impliedOrder }),
    ...(onFixtures === undefined ? {} : { expectOnFixtures: onFixtures.value }),
    ...(reason === undefined ? (checksOnlyFixtures ? { notApplicable: fixtureReason } : {}) : { notApplicable: reason }),
    ...(missingValues === undefined ? {} : { missingValues }),
    ...(values.length === 0 ? {} : { values }),
    ...(fixturesOnly && !checksOnlyFixtures ? { partlyNotApplicable: fixtureReason } : {}),
    ...(c.skip === undefined ? {} : { skip: c.skip }),
    ...(c.normalise === undefined ? {} : { normalise: c.normalise }),
    ...(c.known === undefined ? {} : { known: c.known.map(resolveKnownDeviation) }),
  };
}

/** The values variables take, and the name of the profile they come from (for messages). */
interface Substitution {
  scope: VariableScope;
  profile: string;
}

function resolveRequest(loaded: LoadedCase, request: CaseRequest, substitute: Substitution): { value: CaseRequest; missing: string[] } {
  const resolved = resolveVariables(request, substitute.scope);
  const validate = compileSchema<CaseRequest>(RequestSchema);
  if (validate(resolved.value)) return { value: resolved.value, missing: resolved.missing };
  throw misfit(loaded, '/request', validate.errors ?? [], { written: request, resolved: resolved.value, profile: substitute.profile });
}

/**
 * `expect` with the profile's variables substituted, checked again: a count written as a variable must now be a
 * whole number. With a variable missing the variant is not applicable and never checked, so its counts may stay as
 * written.
 */
function resolveExpect(loaded: LoadedCase, expect: CaseExpect, substitute: Substitution, pointer: string): { value: Expect; missing: string[] } {
  const resolved = resolveVariables(expect, substitute.scope);
  const validate = compileSchema<Expect>(resolved.missing.length === 0 ? ExpectSchema : CaseExpectSchema);
  if (validate(resolved.value)) return { value: resolved.value, missing: resolved.missing };
  throw misfit(loaded, pointer, validate.errors ?? [], { written: expect, resolved: resolved.value, profile: substitute.profile });
}

/** A part of a case that no longer fits its schema once substituted: as written, as substituted, from which profile. */
interface Substituted {
  written: unknown;
  resolved: unknown;
  profile: string;
}

function misfit(loaded: LoadedCase, base: string, errors: Parameters<typeof describeAjvErrors>[0], part: Substituted): InputError {
  const problems = describeAjvErrors(errors).map((p) => ({
    file: loaded.file,
    line: loaded.line,
    column: loaded.column,
    pointer: base + p.pointer,
    caseId: loaded.case.id,
    message: `${p.message} once the variables of profile "${part.profile}" are substituted${showSubstitution(part, p.pointer)}`,
  }));
  return new InputError(KitErrorCode.caseInvalid, problems);
}

/** ` (${values.rowsMax} is "lots")` when the value at `pointer` was written as a variable; else empty. */
function showSubstitution(part: Substituted, pointer: string): string {
  const written = getAtPointer(part.written, pointer);
  if (typeof written !== 'string' || !written.includes('${')) return '';
  return ` (${written} is ${showJson(getAtPointer(part.resolved, pointer))})`;
}

/** Why a variant is not applicable to the profile, and (`onlyData`) the values and resources it lacks when they are all it lacks. */
function notApplicableReason(
  needs: readonly string[],
  variant: VariantKey,
  missing: readonly string[],
  options: ExpandOptions,
): { reason: string | undefined; onlyData: string[] | undefined } {
  const { profile } = options;
  const required = variant.locale === null || needs.includes('locale') ? needs : [...needs, 'locale'];
  const lacking = required.filter((need) => !hasCapability(profile.capabilities, need, options.ckanVersion));
  const reasons: string[] = [];
  if (lacking.length > 0) reasons.push(`target lacks capability ${lacking.join(', ')} (profile "${profile.name}")`);
  if (options.hasToken === false && needs.includes('token') && !lacking.includes('token')) {
    reasons.push(`needs an API token and none was given (--token-env NAME, --token-file FILE, DATASTORE_KIT_TOKEN, or token.env in profile "${profile.name}")`);
  }
  const blocked = reasons.length > 0;
  const unset = [...new Set(missing)];
  const envs = unset.filter((m) => m.startsWith('env.')).map((m) => m.slice(4));
  const others = unset.filter((m) => !m.startsWith('env.'));
  if (others.length > 0) reasons.push(`profile "${profile.name}" has no ${others.map((m) => `\${${m}}`).join(', ')}`);
  if (envs.length > 0) reasons.push(`environment variable ${envs.join(', ')} not set`);
  const onlyData = !blocked && envs.length === 0 && others.length > 0 ? [...others].sort() : undefined;
  return { reason: reasons.length === 0 ? undefined : reasons.join('; '), onlyData };
}

/** The names of the profile values a case uses (`values.categoryValue`), sorted. */
function usedValues(c: LoadedCase['case']): string[] {
  const text = JSON.stringify([c.request, c.expect, c.expectOnFixtures, c.relation]);
  return [...new Set([...text.matchAll(/\$\{values\.([A-Za-z0-9_-]+)/g)].map((m) => `values.${m[1] ?? ''}`))].sort();
}

/** Why a case whose expectations hold for some CKAN versions does not apply to this target, if it does not. */
function versionReason(ranges: CkanReleases | undefined, version: string | undefined): string | undefined {
  if (ranges === undefined) return undefined;
  const span = describeCkanReleases(ranges);
  // why no advice to name one: a service that is not CKAN is judged on the API description, not told to claim CKAN
  if (version === undefined) return `holds for CKAN ${span}; the run names no CKAN release`;
  return isInCkanReleases(version, ranges) ? undefined : `holds for CKAN ${span}; the target runs CKAN ${version}`;
}

function joinReasons(...reasons: (string | undefined)[]): string | undefined {
  const given = reasons.filter((r): r is string => r !== undefined);
  return given.length === 0 ? undefined : given.join('; ');
}
