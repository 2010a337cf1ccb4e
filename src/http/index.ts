// The HTTP client (the only importer of undici): timeouts, retries, rate limit, body caps, and request rendering;
// and the pre-flight, which asks whether a CKAN action API answers at a base URL before anything else is sent.
export { createHttpClient } from './client.ts';
export { DEFAULT_USER_AGENT } from './options.ts';
export type { HttpClientOptions } from './options.ts';
export { HttpError, HttpErrorCode } from './types.ts';
export type { HttpClient, HttpRequest, HttpResponse } from './types.ts';
export { toCurl } from './curl.ts';
export { describeRedirect } from './redirect.ts';
export { checkReachable, unreachableError } from './preflight.ts';
export { suggestBaseUrl, type AnswerHead } from './preflight-hint.ts';
