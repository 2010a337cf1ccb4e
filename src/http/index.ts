// The HTTP client (the only importer of undici): timeouts, retries, rate limit, body caps, and request rendering.
export { createHttpClient } from './client.ts';
export { resolveHttpClientOptions, DEFAULT_USER_AGENT } from './options.ts';
export type { HttpClientOptions } from './options.ts';
export { HttpError, HttpErrorCode } from './types.ts';
export type { HttpClient, HttpRequest, HttpResponse } from './types.ts';
export { redactHeaders, toCurl, SECRET_HEADER_NAMES } from './curl.ts';
export type { ToCurlOptions } from './curl.ts';
export { describeRedirect } from './redirect.ts';
