// probeTarget(): asks a live target what it is and which of its data fits the catalogue, and returns a profile
// with notes (counts, and why names are left out). Sends a bounded number of requests through the kit's client.
import type { HttpClient } from '../http/index.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import { guard, type ProbeTarget } from './ask.ts';
import { buildProfile } from './build-profile.ts';
import { findCoursesValues, guardFound, pinnedStore, textOf } from './courses-values.ts';
import { findPrivateField, type FoundValues } from './fields.ts';
import { chooseResources, describeResource, findAlias, listCandidates, type ResourceChoice, type ResourceFacts } from './resources.ts';
import { found, missing, readCount, relationPage, searchSql, type Found } from './search.ts';
import { probeJsonp, probeLocales, readSite, type SiteFacts } from './site.ts';
import { PROBE_DEFAULTS, type ProbeFindings, type ProbeOptions, type ProbeResult } from './types.ts';
import { PROBE_VALUES } from './names.ts';
import { nameHint } from '../catalogue/index.ts';
import { readPageSize } from './page-sizes.ts';
import { BEHAVIOURS, probeBehaviours } from './behaviours.ts';

/**
 * Probes the target. Throws KitError E_UNREACHABLE (nothing answers) or E_ENV (no DataStore API, naming the URLs
 * tried), both exit 3; anything it cannot find is left out of the profile with the reason. Sends through
 * `client` (made by the caller from the options' timeoutMs, retries, concurrency and rateRps; left open).
 */
export async function probeTarget(options: ProbeOptions, client: HttpClient): Promise<ProbeResult> {
  const baseUrl = options.targetUrl.replace(/\/+$/, '');
  const target: ProbeTarget = {
    client,
    baseUrl,
    token: options.token,
    apiPath: '/api/3/action',
    budget: { max: options.maxRequests ?? PROBE_DEFAULTS.maxRequests, spent: 0 },
  };
  const named = parseNamedResources(options.resources ?? []);
  const pins = checkPinnedValues(options.values ?? {});
  const site = await readSite(target, named[0]?.id);
  const choice = await chooseFrom(target, named, {
    max: options.maxCandidates ?? Number.POSITIVE_INFINITY,
    examineMs: options.examineMs ?? PROBE_DEFAULTS.examineMs,
  });
  checkChoice(choice, named);
  const findings = await findAll(target, site, choice, { sampleSize: options.sampleSize ?? 250, pins });
  return { ...buildProfile(findings, { ...options, baseUrl }), requests: target.budget.spent };
}

/** The pinned values as findings; E_USAGE (exit 2) for a name probe does not know, with the closest known one. */
function checkPinnedValues(values: Readonly<Record<string, unknown>>): FoundValues {
  const known = Object.keys(PROBE_VALUES);
  const pins: FoundValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!known.includes(name)) throw new KitError(KitErrorCode.usage, `--value ${name}: unknown value name${nameHint(name, known)}`);
    pins[name] = found(value, 'given with --value');
  }
  return pins;
}

/** The logical resources `--resource NAME=ID` may name (typeSamples is the bundled fixtures' own). */
const NAMEABLE: readonly string[] = ['courses', 'measurements', 'staff'];

function parseNamedResources(given: readonly string[]): { name: string | undefined; id: string }[] {
  return given.map((text) => {
    const match = /^([A-Za-z0-9_-]+)=(.+)$/.exec(text);
    if (match?.[1] !== undefined && match[2] !== undefined) {
      if (!NAMEABLE.includes(match[1])) throw new KitError(KitErrorCode.usage, `--resource ${text}: name one of ${NAMEABLE.join(', ')}, or give the id alone`);
      return { name: match[1], id: match[2] };
    }
    if (text.trim() === '') throw new KitError(KitErrorCode.usage, '--resource must be a resource id or NAME=ID');
    return { name: undefined, id: text };
  });
}

async function chooseFrom(
  target: ProbeTarget,
  named: { name: string | undefined; id: string }[],
  bounds: { max: number; examineMs: number },
): Promise<ResourceChoice> {
  const listed = await listCandidates(
    target,
    named.map((n) => n.id),
    bounds.max,
  );
  if (typeof listed === 'string') return chooseResources([], listed, [listed]);
  const described: ResourceFacts[] = [];
  const unusable: string[] = [];
  // why: a portal's tables are all examined, as long as time allows (not the first N: the one left out may be the best)
  const deadline = Date.now() + bounds.examineMs;
  for (const id of listed.ids) {
    if (Date.now() > deadline) break;
    const facts = await guard(() => describeResource(target, id));
    if (typeof facts === 'string') unusable.push(facts);
    else described.push(facts);
  }
  const examined = described.length + unusable.length;
  const left = listed.ids.length - examined;
  const source =
    named.length > 0 ? listed.source : `${listed.source}, ${examined} examined${left > 0 ? ` (${left} not reached within ${bounds.examineMs} ms)` : ''}`;
  const choice = chooseResources(described, source, unusable);
  // why: a logical name given with --resource NAME=ID wins over the ranking
  for (const { name, id } of named) {
    const facts = described.find((d) => d.id === id);
    if (name === 'courses' || name === 'measurements' || name === 'staff') {
      choice[name] =
        facts === undefined
          ? missing(unusable.find((u) => u.startsWith(id)) ?? `${id} did not answer`)
          : found(facts, `named with --resource, ${facts.access}, ${facts.total} rows`);
    }
  }
  return choice;
}

/**
 * A probe that found no resource to test, or a resource named with --resource that does not answer, writes no
 * profile: E_ENV (exit 3) with the reason, instead of a profile on which every case is not applicable.
 */
function checkChoice(choice: ResourceChoice, named: readonly { name: string | undefined; id: string }[]): void {
  for (const { name, id } of named) {
    const logical = name === 'courses' || name === 'measurements' || name === 'staff' ? choice[name] : undefined;
    if (logical !== undefined && !logical.ok) throw new KitError(KitErrorCode.environment, `--resource ${name}=${id}: ${logical.reason}`);
  }
  if (!choice.courses.ok && !choice.staff.ok && !choice.measurements.ok) {
    throw new KitError(KitErrorCode.environment, `no resource to test: ${choice.courses.reason}`);
  }
}

async function findAll(
  target: ProbeTarget,
  site: SiteFacts,
  choice: ResourceChoice,
  { sampleSize, pins }: { sampleSize: number; pins: FoundValues },
): Promise<ProbeFindings> {
  const capabilities: Record<string, Found<true>> = {};
  const { values, put } = pinnedStore(pins);
  put({ privateField: findPrivateField(choice.staff) });
  if (choice.staff.ok) {
    capabilities['private'] = found(true, `resources.staff is refused anonymously (403)`);
    capabilities['token'] =
      choice.staff.value.access === 'private-readable'
        ? found(true, 'the token opens resources.staff')
        : missing(target.token === undefined ? 'no token given (--token-file or --token-env)' : 'the token does not open resources.staff');
  } else {
    capabilities['private'] = missing(choice.staff.reason);
    capabilities['token'] = missing(choice.staff.reason);
  }
  if (!choice.courses.ok) return { site, choice, capabilities, values };
  const courses = choice.courses.value;
  capabilities['sql'] = await guardFound(() => probeSql(target, courses));
  capabilities['locale'] = await guardFound(() => probeLocales(target, courses.id));
  capabilities['jsonp'] = await guardFound(() => probeJsonp(target, courses.id));
  put({ coursesAlias: await guardFound(() => findAlias(target, courses.id)) });
  put({ rowsDefault: await guardFound(() => readPageSize(target, courses.id, 'rowsDefault')) });
  put({ rowsMax: await guardFound(() => readPageSize(target, courses.id, 'rowsMax')) });
  const page = relationPage(values['rowsMax']?.ok === true ? values['rowsMax'].value : undefined);
  await findCoursesValues(target, courses, { sampleSize, sql: capabilities['sql'].ok, page }, { values, put });
  const columns = { numericField: textOf(values, 'numericField'), categoryField: textOf(values, 'categoryField') };
  const behaviours = await guard(() => probeBehaviours(target, courses, columns));
  for (const name of BEHAVIOURS) capabilities[name] = typeof behaviours === 'string' ? missing(behaviours) : (behaviours[name] ?? missing('not asked'));
  return { site, choice, capabilities, values };
}

async function probeSql(target: ProbeTarget, courses: ResourceFacts): Promise<Found<true>> {
  const answer = await searchSql(target, `SELECT count(*) AS n FROM "${courses.id}"`);
  if (typeof answer === 'string') return missing(answer);
  return found(true, `datastore_search_sql answers (count(*) = ${String(readCount(answer) ?? '?')})`);
}
