// One request read from recorded traffic, as it will be replayed: where it goes (locale, API path, action), its
// query string and body as the client sent them (credentials dropped), and whether the client sent a credential.

/**
 * The actions replayed: the DataStore's read API and status_show. Any other action (a write above all) is never
 * sent, whatever the file holds.
 */
export const READ_ACTIONS: readonly string[] = Object.freeze(['datastore_search', 'datastore_search_sql', 'datastore_info', 'status_show']);

/** A request of the traffic file, ready to be sent to any target. */
export interface TrafficRequest {
  method: 'GET' | 'POST';
  /** The locale path segment as sent (`fr`, `pt_BR`, also an unknown one), or null. */
  locale: string | null;
  /** `/api/action` or `/api/3/action`, as sent. */
  apiPath: string;
  action: string;
  /** The query string as sent, without `?` and without credential parameters; '' for none. */
  query: string;
  /** The body as sent, with its content type; absent when there was none. */
  body?: { text: string; contentType: string } | undefined;
  /** The client sent a credential (dropped): the replay sends the target's own token instead. */
  auth: boolean;
}

/** A request with where it was first read and how often the file holds it. */
export interface ReadRequest extends TrafficRequest {
  /** `access.log:17`: the file's base name and the line the request (its first occurrence) starts on. */
  source: string;
  /** How many times the file holds this request. */
  occurrences: number;
}

/** What one entry of a file (a line, a HAR entry) is: a request, a reason to leave it out, or nothing (blank). */
export type ParsedEntry = { kind: 'request'; request: TrafficRequest; secrets: number } | { kind: 'skip'; reason: string } | { kind: 'blank' };

/** An entry with the line it starts on. */
export interface LocatedEntry {
  line: number;
  entry: ParsedEntry;
}
