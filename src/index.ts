// The public programmatic API of datastore-kit. The CLI uses nothing else.
export { KitError, InputError, KitErrorCode, isKitError, formatProblem } from './errors.ts';
export type { InputProblem } from './errors.ts';
export type * from './model/index.ts';
export {
  writeReports,
  reporters,
  REPORT_FORMATS,
  parseReportFormats,
  summarize,
  renderJson,
  renderJunit,
} from './reporters/index.ts';
export type { WriteReportsOptions, ReportFormat, RenderOptions, Reporter, JunitOptions } from './reporters/index.ts';
export {
  createHttpClient,
  resolveHttpClientOptions,
  HttpError,
  HttpErrorCode,
  redactHeaders,
  toCurl,
  SECRET_HEADER_NAMES,
  DEFAULT_USER_AGENT,
} from './http/index.ts';
export type { HttpClient, HttpClientOptions, HttpRequest, HttpResponse, ToCurlOptions } from './http/index.ts';
