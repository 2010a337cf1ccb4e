// Whether each resource a profile names answers datastore_search: the first question `check --target` asks, and the
// one `run` asks before any case, one request per resource (limit 0), so a resource that does not exist is one line
// before the run instead of a failure in every case that reads it.
import type { HttpClient } from '../http/index.ts';
import { askAction, describeAnswer, guard, type ProbeTarget } from './ask.ts';
import { readSearchResult, type SearchAnswer } from './search.ts';

/** What one resource answered: its search (no records), or why not; `missing` when the target says it has none. */
export interface ResourceAnswer {
  name: string;
  id: string;
  answer: SearchAnswer | string;
  /** The target answered CKAN's Not Found Error (404): no such resource, not a refusal or an outage. */
  missing: boolean;
}

/** Asks datastore_search (limit 0) of each resource, in the profile's order. Sends through `target` (its budget counts). */
export async function askResources(target: ProbeTarget, resources: Readonly<Record<string, string>>): Promise<ResourceAnswer[]> {
  const answers: ResourceAnswer[] = [];
  for (const [name, id] of Object.entries(resources)) {
    const asked = await guard(() => askAction(target, { action: 'datastore_search', params: { resource_id: id, limit: 0 } }));
    if (typeof asked === 'string') answers.push({ name, id, answer: asked, missing: false });
    else if (asked.kind === 'envelope' && asked.success) answers.push({ name, id, answer: readSearchResult(asked.result), missing: false });
    else {
      const missing = asked.kind === 'envelope' && asked.status === 404 && asked.error['__type'] === 'Not Found Error';
      answers.push({ name, id, answer: `datastore_search answered ${describeAnswer(asked)}`, missing });
    }
  }
  return answers;
}

/** The resources of `resources` that `baseUrl` says do not exist (CKAN's Not Found Error), each asked once. */
export async function findMissingResources(
  client: HttpClient,
  where: { baseUrl: string; token: string | undefined },
  resources: Readonly<Record<string, string>>,
): Promise<ResourceAnswer[]> {
  const target: ProbeTarget = {
    client,
    baseUrl: where.baseUrl.replace(/\/+$/, ''),
    token: where.token,
    apiPath: '/api/3/action',
    budget: { max: Object.keys(resources).length, spent: 0 },
  };
  return (await askResources(target, resources)).filter((resource) => resource.missing);
}
