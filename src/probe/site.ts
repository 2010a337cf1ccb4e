// What the site is: which action paths answer the DataStore API, which CKAN version status_show names, and
// whether locale segments and JSONP answer. A site without a DataStore API stops the probe (exit 3).
import { KitError, KitErrorCode } from '../errors.ts';
import { toCkanVersion, type CkanVersion } from '../schema/index.ts';
import { HttpError, suggestBaseUrl, unreachableError, type AnswerHead } from '../http/index.ts';
import { maskUrlCredentials } from '../util/redact.ts';
import { actionUrl, askAction, describeAnswer, guard, transportReason, type Answer, type ProbeTarget } from './ask.ts';
import { found, missing, type Found } from './search.ts';

/** The action paths CKAN serves (the cases use both). */
export const API_PATHS = ['/api/3/action', '/api/action'] as const;

/** The locale segments the catalogue's variants use. */
export const PROBED_LOCALES = ['fr', 'de', 'pt_BR'] as const;

/** What the site answered before any resource was chosen. */
export interface SiteFacts {
  /** Action paths whose datastore_search answered with CKAN's envelope. */
  apiPaths: string[];
  /** What each path that did not answer gave instead, e.g. `http://x/api/action/datastore_search: 404 text/html`. */
  apiPathFailures: string[];
  version: Found<CkanVersion>;
  /** Whether CKAN's messages come in English, as the catalogue's exact-message checks (capability ckan) write them. */
  messages: Found<true>;
}

/**
 * Finds the action paths that answer datastore_search (on `resourceId`, default `_table_metadata`) and reads
 * status_show. Throws KitError E_UNREACHABLE when nothing answers at all, E_ENV (exit 3) naming the URLs tried
 * when no path answers the DataStore API. `target.apiPath` is set to the first path that answers.
 */
export async function readSite(target: ProbeTarget, resourceId: string | undefined): Promise<SiteFacts> {
  const apiPaths: string[] = [];
  const failures: string[] = [];
  const transport: HttpError[] = [];
  let firstAnswer: AnswerHead | undefined;
  for (const apiPath of API_PATHS) {
    const call = { action: 'datastore_search', apiPath, method: 'GET' as const, params: { resource_id: resourceId ?? '_table_metadata', limit: 0 } };
    const url = maskUrlCredentials(actionUrl(target, call));
    try {
      const answer = await askAction(target, call);
      if (isDatastoreAnswer(answer)) apiPaths.push(apiPath);
      else failures.push(`${url}: ${describeAnswer(answer)}`);
      firstAnswer ??= { status: answer.status, headers: answer.kind === 'other' && answer.location !== undefined ? { location: answer.location } : {} };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      transport.push(error);
      failures.push(`${url}: ${transportReason(error)}`);
    }
  }
  const [firstFailure] = transport;
  if (firstFailure !== undefined && transport.length === API_PATHS.length) throw unreachableError(target.baseUrl, firstFailure);
  const first = apiPaths[0];
  if (first === undefined) {
    // why: the pre-flight's advice (drop a copied /api/3/action, try the site root) fits here too
    const hint = suggestBaseUrl(target.baseUrl, firstAnswer ?? { status: 0, headers: {} });
    throw new KitError(KitErrorCode.environment, `target ${maskUrlCredentials(target.baseUrl)} has no DataStore API; tried ${failures.join('; ')}; ${hint}`);
  }
  target.apiPath = first;
  return { apiPaths, apiPathFailures: failures, version: await readVersion(target), messages: await readMessages(target) };
}

/** CKAN's message for a search without resource_id, in English (a site with another default locale translates it). */
const MISSING_VALUE = 'Missing value';

async function readMessages(target: ProbeTarget): Promise<Found<true>> {
  const answer = await guard(() => askAction(target, { action: 'datastore_search', method: 'POST', params: {}, auth: false }));
  if (typeof answer === 'string') return missing(`a search without resource_id: ${answer}`);
  if (answer.kind !== 'envelope' || answer.success) return missing(`a search without resource_id answered ${describeAnswer(answer)}, not CKAN's 409`);
  const said = answer.error['resource_id'];
  const message = Array.isArray(said) && typeof said[0] === 'string' ? said[0] : undefined;
  if (message === MISSING_VALUE) return found(true, `a search without resource_id answers "${MISSING_VALUE}"`);
  if (message === undefined) return missing(`a search without resource_id answered ${describeAnswer(answer)}, not CKAN's "${MISSING_VALUE}" for resource_id`);
  // why: CKAN translates its messages into the site's default locale; the cases check CKAN's English ones
  return missing(`CKAN's messages come translated (a search without resource_id answers ${JSON.stringify(message ?? answer.error)}, not "${MISSING_VALUE}")`);
}

/**
 * An answer from the DataStore API: CKAN's envelope, and not "Action name not known" (a CKAN without the
 * datastore plugin). A 403 or 404 envelope still proves the API (e.g. a private or unknown resource).
 */
function isDatastoreAnswer(answer: Answer): boolean {
  if (answer.kind !== 'envelope') return false;
  if (answer.success) return true;
  const message = answer.error['message'];
  return !(answer.status === 400 && typeof message === 'string' && /action name not known/i.test(message));
}

async function readVersion(target: ProbeTarget): Promise<Found<CkanVersion>> {
  // why guarded: the paths answered, but this one request may still fail (a dropped connection, a timeout)
  const answer = await guard(() => askAction(target, { action: 'status_show', method: 'GET', params: {}, auth: false }));
  if (typeof answer === 'string') return missing(`status_show: ${answer}`);
  if (answer.kind !== 'envelope' || !answer.success) return missing(`status_show answered ${describeAnswer(answer)}`);
  const text = answer.result['ckan_version'];
  if (typeof text !== 'string') return missing('status_show gave no ckan_version');
  const version = toCkanVersion(text);
  if (version === undefined) return missing(`status_show names CKAN ${text}, a version the kit does not know`);
  return found(version, `status_show: ckan_version ${text}`);
}

/** Whether datastore_search answers the same way under each locale segment the catalogue uses. */
export async function probeLocales(target: ProbeTarget, resourceId: string): Promise<Found<true>> {
  for (const locale of PROBED_LOCALES) {
    const answer = await askAction(target, { action: 'datastore_search', locale, method: 'GET', params: { resource_id: resourceId, limit: 1 } });
    if (answer.kind !== 'envelope' || !answer.success)
      return missing(`${maskUrlCredentials(actionUrl(target, { action: 'datastore_search', locale }))} answered ${describeAnswer(answer)}`);
  }
  return found(true, `datastore_search answers under /${PROBED_LOCALES.join(', /')}`);
}

/** Whether a GET with callback= answers JavaScript calling that function. */
export async function probeJsonp(target: ProbeTarget, resourceId: string): Promise<Found<true>> {
  const call = { action: 'datastore_search', method: 'GET' as const, auth: false, params: { resource_id: resourceId, limit: 1, callback: 'probeCallback' } };
  const answer = await askAction(target, call);
  if (answer.kind === 'other' && answer.status === 200 && answer.body.startsWith('probeCallback('))
    return found(true, 'GET with callback= answers probeCallback(...)');
  return missing(`GET with callback= answered ${describeAnswer(answer)}, not JavaScript`);
}
