// The case's `relation` (a metamorphic check: this answer against the answers to related requests), sent and
// judged by relation.ts and relation-rules.ts; this entry records each related request as curl with its status.
import { toCurl, type HttpClient } from '../../http/index.ts';
import type { RelatedExchange } from '../../model/index.ts';
import { checkVariantRelation } from '../relation.ts';
import type { ResponseCheck } from './types.ts';

/**
 * Applies to a 2xx answer of a case with a relation. It answers for the variant's point: a relation that compared
 * no record (a full page, no record to compare) checked nothing, and says why. A related request that cannot be
 * exercised makes the variant a case error.
 */
export const relationCheck: ResponseCheck = {
  name: 'relation',
  evidence: 'relation',
  appliesTo: (variant, answer) => variant.relation !== undefined && answer.status < 300,
  async check(context, answer, variant) {
    const related: RelatedExchange[] = [];
    const client = recordInto(context.collaborators.client, related);
    const body = answer.json ? answer.body : answer.text;
    const outcome = await checkVariantRelation(variant, body, context.options, { ...context.collaborators, client });
    const adds = related.length === 0 ? {} : { adds: { related } };
    if ('error' in outcome) return { findings: [], checked: false, error: outcome.error, ...adds };
    return { findings: outcome.findings, checked: outcome.checked, undecided: outcome.undecided, ...adds };
  },
};

/** The client, noting each request it sends (as curl) and the status that came back, in order. */
function recordInto(client: HttpClient, related: RelatedExchange[]): HttpClient {
  return {
    async send(request) {
      const noted: RelatedExchange = { curl: toCurl(request) };
      related.push(noted);
      // a request that gets no answer keeps no status (the case error says why)
      const response = await client.send(request);
      noted.status = response.status;
      return response;
    },
    close: () => client.close(),
  };
}
