// What a run read from a file of recorded traffic (`--requests FILE`): how many requests, which were left out and
// why, the secrets dropped, and the resources a target did not have. Part of the diff and upgrade-check reports.
import { Type, type Static } from '@sinclair/typebox';

/** The formats of a traffic file. */
export const TRAFFIC_FORMATS = ['har', 'jsonl', 'access-log'] as const;
export type TrafficFormat = (typeof TRAFFIC_FORMATS)[number];

/** Why a request of the file was not sent, as counted in the summary. */
export const TRAFFIC_SKIP_REASONS = {
  notApi: 'not an API action call',
  notRead: 'not a DataStore read action (never replayed)',
  method: 'neither GET nor POST',
  noBody: 'a POST without its body (access logs keep none)',
} as const;

export const TrafficSummarySchema = Type.Object(
  {
    file: Type.String({ description: 'The traffic file, as given.' }),
    format: Type.Union(
      TRAFFIC_FORMATS.map((format) => Type.Literal(format)),
      { description: 'How the file was read: har, jsonl (the kit recording format or {method, url|path, body}), access-log (combined).' },
    ),
    entries: Type.Integer({ minimum: 0, description: 'Lines (access log, JSON lines) or HAR entries read, blank lines apart.' }),
    requests: Type.Integer({
      minimum: 0,
      description: 'Of those, DataStore read action calls (datastore_search, datastore_search_sql, datastore_info, status_show).',
    }),
    unique: Type.Integer({ minimum: 0, description: 'Distinct requests among them (method, locale, path, parameters, body, whether a credential came).' }),
    sample: Type.Optional(
      Type.Object(
        { count: Type.Integer({ minimum: 1 }), seed: Type.Integer() },
        { additionalProperties: false, description: '--sample N: N of the distinct requests drawn with the seed.' },
      ),
    ),
    sent: Type.Integer({ minimum: 0, description: 'Distinct requests sent to both targets.' }),
    skipped: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Entries not sent, by reason.' }),
    secretsDropped: Type.Integer({
      minimum: 0,
      description: 'Credentials dropped (Authorization, X-CKAN-API-Key and cookie headers, api_key/token parameters); such requests go with the target token.',
    }),
    missingResources: Type.Array(
      Type.Object(
        {
          id: Type.String({ description: 'The resource id (or alias) the requests name.' }),
          requests: Type.Integer({ minimum: 1, description: 'Distinct requests naming it, not sent.' }),
          missingOn: Type.Array(Type.String(), { description: 'The targets (A, B) that answered it is not found.' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Resources a target does not have: the requests naming them were not sent.' },
    ),
  },
  { additionalProperties: false },
);

export type TrafficSummary = Static<typeof TrafficSummarySchema>;
