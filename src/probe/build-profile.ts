// Turns probe findings into a profile and its notes: found names with the count the target answered, every
// other name the catalogue uses left out with the reason, and a header saying how it was made.
import { CKAN_CAPABILITY, type CatalogueNames, type LeftOutName, type ProfileNotes } from '../catalogue/index.ts';
import type { Profile } from '../schema/index.ts';
import { FIXTURE_ONLY_RESOURCES, PROBE_RESOURCES, PROBE_VALUES } from './names.ts';
import type { ProbeFindings, ProbeOptions } from './types.ts';
import { BEHAVIOURS } from './behaviours.ts';
import type { Found } from './search.ts';
import { maskUrlCredentials } from '../util/redact.ts';
import { API_PATHS } from './site.ts';

/** The catalogue's names when none are given: every name probe knows, and the capabilities it tests. */
const ALL_NAMES: CatalogueNames = {
  capabilities: ['sql', 'private', 'token', 'locale', 'jsonp', ...BEHAVIOURS],
  resources: Object.keys(PROBE_RESOURCES),
  values: Object.keys(PROBE_VALUES),
};

/** The profile and notes for these findings. */
export function buildProfile(findings: ProbeFindings, options: ProbeOptions & { baseUrl: string }): { profile: Profile; notes: ProfileNotes } {
  const names = options.names ?? ALL_NAMES;
  const comments: Record<string, string> = {};
  const leftOut: LeftOutName[] = [];
  const noCourses = findings.choice.courses.ok ? undefined : `no resources.courses (${findings.choice.courses.reason})`;
  const take = <T>(section: LeftOutName['section'], name: string, value: Found<T> | undefined, fallback: string): T | undefined => {
    if (value?.ok === true) {
      comments[`/${section}/${name}`] = value.note;
      return value.value;
    }
    leftOut.push({ section, name, reason: value?.ok === false ? value.reason : fallback });
    return undefined;
  };
  const capabilities = names.capabilities
    .filter((c) => c !== CKAN_CAPABILITY && !/^ckan-/.test(c))
    .filter((c) => take('capabilities', c, capabilityFinding(findings, c), noCourses ?? `probe does not test ${c}`) === true);
  const resources = collect(inRegistryOrder(names.resources, PROBE_RESOURCES), (name) =>
    take('resources', name, resourceFinding(findings, name), FIXTURE_ONLY_RESOURCES[name] ?? `probe does not know what resources.${name} is`),
  );
  const values = collect(inRegistryOrder(names.values, PROBE_VALUES), (name) =>
    take(
      'values',
      name,
      findings.values[name],
      Object.hasOwn(PROBE_VALUES, name) ? (noCourses ?? 'not looked for: a value it depends on was not found') : 'probe does not know this value name',
    ),
  );
  const version = findings.site.version;
  const messages = findings.site.messages;
  // why: `ckan` turns on CKAN's strict contract; a target that shows no sign of CKAN is checked by the API's own
  const isCkan = version.ok || messages.ok;
  const ckan = version.ok ? version.value : 'auto';
  if (isCkan) comments['/ckan'] = version.ok ? version.note : `${version.reason}; auto reads it from the first responses`;
  if (version.ok && !messages.ok) {
    // why: the exact-message checks would fail a site for its language; left out, they are not applicable
    leftOut.push({ section: 'capabilities', name: CKAN_CAPABILITY, reason: `${messages.reason}; add ${CKAN_CAPABILITY} to check CKAN's other exact answers` });
  } else if (version.ok) {
    capabilities.push(CKAN_CAPABILITY);
    comments[`/capabilities/${CKAN_CAPABILITY}`] =
      `answers as CKAN ${version.value} does: exact messages and defaults (remove if the site changes ckan.datastore settings)`;
  }
  const profile: Profile = {
    name: options.name ?? profileNameOf(options.baseUrl),
    description: `Written by datastore-kit probe from ${maskUrlCredentials(options.baseUrl)}.`,
    data: 'other',
    ...(isCkan ? { ckan } : {}),
    capabilities,
    ...(Object.keys(resources).length === 0 ? {} : { resources: resources as Record<string, string> }),
    ...(Object.keys(values).length === 0 ? {} : { values }),
    ...(options.tokenEnv === undefined ? {} : { token: { env: options.tokenEnv } }),
  };
  return { profile, notes: { header: headerLines(findings, options), comments, leftOut } };
}

/** The names in the order the registry lists them (related values together), unknown ones last. */
function inRegistryOrder(names: readonly string[], registry: Readonly<Record<string, string>>): string[] {
  const known = Object.keys(registry).filter((n) => names.includes(n));
  return [...known, ...names.filter((n) => !known.includes(n))];
}

function collect(names: readonly string[], take: (name: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = take(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function capabilityFinding(findings: ProbeFindings, name: string): Found<true> | undefined {
  return findings.capabilities[name];
}

function resourceFinding(findings: ProbeFindings, name: string): Found<string> | undefined {
  if (name !== 'courses' && name !== 'measurements' && name !== 'staff') return undefined;
  const choice = findings.choice[name];
  return choice.ok ? { ok: true, value: choice.value.id, note: choice.note } : choice;
}

function profileNameOf(baseUrl: string): string {
  const host = new URL(baseUrl).hostname.replace(/[^A-Za-z0-9_-]+/g, '-');
  return host === '' ? 'probed' : host;
}

function headerLines(findings: ProbeFindings, options: ProbeOptions & { baseUrl: string }): string[] {
  const { site } = findings;
  const paths = API_PATHS.filter((p) => site.apiPaths.includes(p));
  const lines = [
    `Written by \`datastore-kit probe --target ${maskUrlCredentials(options.baseUrl)}\`: every value below was checked against the target,`,
    'with the count it answered; names the catalogue uses that probe could not find are left out with the reason',
    '(the cases that need them are reported not applicable). Check it with `datastore-kit check --profile FILE --target URL`.',
    `API paths answering datastore_search: ${paths.join(', ')}`,
    ...site.apiPathFailures.map((f) => `  not answering: ${f}`),
    `Resources from: ${findings.choice.source}`,
  ];
  if (!findings.site.version.ok && !findings.site.messages.ok)
    lines.push(`ckan: left out: no sign of CKAN (${findings.site.version.reason}; ${findings.site.messages.reason}); the API's own contract applies`);
  if (options.token !== undefined && options.tokenEnv === undefined)
    lines.push('The token came from --token-file: give it to `run` the same way (--token-file FILE).');
  return lines;
}
