// verifyProfile(): checks an existing profile against the live target: every resource answers, every column
// exists, and every value occurs (a filter, q or SQL count per value), one line per problem.
import type { HttpClient } from '../http/index.ts';
import type { Profile } from '../schema/index.ts';
import { guard, type ProbeTarget } from './ask.ts';
import { plural, readCount, search, searchSql, type SearchAnswer } from './search.ts';
import { readPageSize, type PageSizeName } from './page-sizes.ts';
import { containsText } from './text.ts';
import { readSite } from './site.ts';
import { askResources } from './resources-answer.ts';

/** Where and how to verify. */
export interface VerifyOptions {
  targetUrl: string;
  /** API token for private resources (never logged). */
  token?: string | undefined;
  /** Requests sent at most. Default 200. */
  maxRequests?: number | undefined;
}

/** What was verified, and the problems (empty when every resource answers and every value occurs). */
export interface VerifyResult {
  checked: number;
  problems: string[];
}

type Check = (ctx: VerifyContext, value: unknown) => Promise<string | undefined>;

interface VerifyContext {
  target: ProbeTarget;
  values: Readonly<Record<string, unknown>>;
  courses: SearchAnswer | undefined;
  coursesId: string | undefined;
  staff: SearchAnswer | undefined;
}

/**
 * Verifies the profile's resources and values on the target. Throws KitError (exit 3) when the target is
 * unreachable or has no DataStore API; everything else is a problem line. Sends through `client` (left open).
 */
export async function verifyProfile(profile: Profile, options: VerifyOptions, client: HttpClient): Promise<VerifyResult> {
  const target: ProbeTarget = {
    client,
    baseUrl: options.targetUrl.replace(/\/+$/, ''),
    token: options.token,
    apiPath: '/api/3/action',
    budget: { max: options.maxRequests ?? 200, spent: 0 },
  };
  await readSite(target, profile.resources?.['courses']);
  const problems: string[] = [];
  const answers: Record<string, SearchAnswer> = {};
  for (const { name, id, answer } of await askResources(target, profile.resources ?? {})) {
    if (typeof answer === 'string') problems.push(`resources.${name} (${id}): ${answer}`);
    else answers[name] = answer;
  }
  const coursesId = profile.resources?.['courses'];
  const ctx: VerifyContext = { target, values: profile.values ?? {}, courses: answers['courses'], coursesId, staff: answers['staff'] };
  let checked = Object.keys(profile.resources ?? {}).length;
  for (const [name, value] of Object.entries(profile.values ?? {})) {
    const check = VALUE_CHECKS[name];
    if (check === undefined) continue;
    checked += 1;
    const problem = await guard(() => check(ctx, value));
    if (problem !== undefined) problems.push(`values.${name} (${JSON.stringify(value)}): ${problem}`);
  }
  return { checked, problems };
}

function columnOf(answer: SearchAnswer | undefined, resource: string): Check {
  return async (_ctx, value) => {
    if (answer === undefined) return `resources.${resource} did not answer`;
    return answer.fields.some((f) => f.id === value) ? undefined : `resources.${resource} has no such column`;
  };
}

/** A datastore_search on courses whose total must lie in [min, max]. */
async function countOn(ctx: VerifyContext, params: Record<string, unknown>, min: number, max = Number.POSITIVE_INFINITY): Promise<string | undefined> {
  if (ctx.coursesId === undefined) return 'the profile has no resources.courses';
  const answer = await search(ctx.target, { resource_id: ctx.coursesId, limit: 0, ...params });
  if (typeof answer === 'string') return answer;
  if (answer.total >= min && answer.total <= max) return undefined;
  return `${JSON.stringify(params)} answered ${plural(answer.total, 'record')}, expected ${max === min ? min : max === Number.POSITIVE_INFINITY ? `${min} or more` : `${min} to ${max}`}`;
}

async function likeCount(ctx: VerifyContext, pattern: string): Promise<string | undefined> {
  const field = ctx.values['textField'];
  if (ctx.coursesId === undefined || typeof field !== 'string') return 'needs resources.courses and values.textField';
  const answer = await searchSql(ctx.target, `SELECT count(*) AS n FROM "${ctx.coursesId}" WHERE "${field}" LIKE '${pattern.replaceAll("'", "''")}'`);
  if (typeof answer === 'string') return answer;
  return (readCount(answer) ?? 0) >= 1 ? undefined : `LIKE '${pattern}' matches no record`;
}

const field = (ctx: VerifyContext, name: string): string => String(ctx.values[name]);

const VALUE_CHECKS: Readonly<Record<string, Check>> = {
  textField: (ctx, v) => columnOf(ctx.courses, 'courses')(ctx, v),
  categoryField: (ctx, v) => columnOf(ctx.courses, 'courses')(ctx, v),
  secondField: (ctx, v) => columnOf(ctx.courses, 'courses')(ctx, v),
  numericField: (ctx, v) => columnOf(ctx.courses, 'courses')(ctx, v),
  arrayField: (ctx, v) => columnOf(ctx.courses, 'courses')(ctx, v),
  privateField: (ctx, v) => columnOf(ctx.staff, 'staff')(ctx, v),
  categoryValue: (ctx, v) => countOn(ctx, { filters: { [field(ctx, 'categoryField')]: v } }, 2),
  otherCategoryValue: (ctx, v) => countOn(ctx, { filters: { [field(ctx, 'categoryField')]: v } }, 1),
  categoryValues: (ctx, v) => countOn(ctx, { filters: { [field(ctx, 'categoryField')]: v } }, 1),
  secondValue: (ctx, v) => countOn(ctx, { filters: { [field(ctx, 'categoryField')]: ctx.values['categoryValue'], [field(ctx, 'secondField')]: v } }, 1),
  arrayValue: (ctx, v) => countOn(ctx, { filters: { [field(ctx, 'arrayField')]: v } }, 1),
  searchWord: (ctx, v) => countOn(ctx, { q: v }, 1),
  searchWordUpper: (ctx, v) => countOn(ctx, { q: v }, 1),
  stemWord: (ctx, v) => countOn(ctx, { q: v }, 1),
  secondSearchWord: (ctx, v) => countOn(ctx, { q: `${field(ctx, 'searchWord')} ${String(v)}` }, 1),
  absentWord: (ctx, v) => countOn(ctx, { q: v }, 0, 0),
  searchPrefix: (ctx, v) => countOn(ctx, { q: `${String(v)}:*`, plain: false }, 1),
  rowCount: (ctx, v) => countOn(ctx, {}, Number(v), Number(v)),
  likePattern: (ctx, v) => likeCount(ctx, String(v)),
  infixText: (ctx, v) => likeCount(ctx, `%${String(v)}%`),
  stemText: stemTextCheck,
  rowsDefault: (ctx, v) => pageSizeCheck(ctx, 'rowsDefault', v),
  rowsMax: (ctx, v) => pageSizeCheck(ctx, 'rowsMax', v),
  coursesAlias: async (ctx, v) => {
    const answer = await search(ctx.target, { resource_id: v, limit: 0 });
    if (typeof answer === 'string') return answer;
    return answer.resourceId === ctx.coursesId ? undefined : `answers resource_id ${answer.resourceId ?? '(none)'}, not resources.courses`;
  },
};

async function pageSizeCheck(ctx: VerifyContext, name: PageSizeName, value: unknown): Promise<string | undefined> {
  if (ctx.coursesId === undefined) return 'the profile has no resources.courses';
  const size = await readPageSize(ctx.target, ctx.coursesId, name);
  if (!size.ok) return size.reason;
  return size.value === value ? undefined : `the site applies ${size.value} (${size.note})`;
}

async function stemTextCheck(ctx: VerifyContext, value: unknown): Promise<string | undefined> {
  if (ctx.coursesId === undefined) return 'the profile has no resources.courses';
  const answer = await search(ctx.target, { resource_id: ctx.coursesId, q: ctx.values['stemWord'], limit: 50 });
  if (typeof answer === 'string') return answer;
  const without = answer.records.filter((r) => !containsText(r, String(value))).length;
  return without === 0 ? undefined : `${plural(without, 'record')} q stemWord answers do not contain it`;
}
