// The public programmatic API of datastore-kit. The CLI uses nothing else.
export { KitError, InputError, KitErrorCode, isKitError, formatProblem } from './errors.ts';
export type { InputProblem } from './errors.ts';
export type * from './model/index.ts';
export {
  writeReports,
  openReportStream,
  prepareReportDir,
  PREVIOUS_SUFFIX,
  reporters,
  REPORT_FORMATS,
  parseReportFormats,
  summarize,
  isVacuous,
  renderJson,
  renderJunit,
  renderHtml,
  renderCtrf,
  renderMarkdown,
  readReport,
  mergeReports,
  appendStepSummary,
  CtrfReportSchema,
} from './reporters/index.ts';
export type {
  ReportStream,
  WriteReportsOptions,
  ReportFormat,
  RenderOptions,
  Reporter,
  JunitOptions,
  HtmlOptions,
  MarkdownOptions,
  ReadReportOptions,
  CtrfReport,
} from './reporters/index.ts';
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
export {
  startReferenceServer,
  defaultWorkerCount,
  WORKER_GROW_AFTER_MS,
  createApp,
  createDefaultActions,
  resolveServerConfig,
  listen,
  RawJson,
  ActionValidationError,
  ActionNotFoundError,
  ActionAuthorizationError,
  isServerCkanVersion,
  SERVER_CKAN_VERSIONS,
  SERVER_CONFIG_DEFAULTS,
} from './server/index.ts';
export type {
  ReferenceServer,
  ReferenceServerOptions,
  AppOptions,
  ActionRegistry,
  AppHandler,
  AppRequest,
  AppResponse,
  ListenOptions,
  Listening,
  ActionHandler,
  ActionRequest,
  Datastore,
  ResourceDef,
  ColumnDef,
  ServerConfig,
  ServerContext,
  ServerCkanVersion,
} from './server/index.ts';
export { extract, extractJob, extractClientOptions, probeProfile, checkResponseFiles } from './api/index.ts';
export type { ProbeProfileOptions, ProbeProfileOutcome, CheckedFile, ContractFilesOptions, ContractFilesOutcome, UnreadableFile } from './api/index.ts';
export { PROBE_DEFAULTS, probeTarget, verifyProfile, verifiedValueNames, PROBE_RESOURCES, PROBE_VALUES } from './probe/index.ts';
export type { ProbeOptions, ProbeResult, VerifyOptions, VerifyResult } from './probe/index.ts';
export type { ExtractOptions, ExtractSource, ExtractJobOptions, JobOutcome, ExtractRunContext } from './api/index.ts';
export { runAgainstContainer, startContainerTarget, CONTAINER_LOG_FILE } from './api/index.ts';
export type { ContainerSpec, ContainerRunOutcome, ContainerRunContext } from './api/index.ts';
export {
  startImageTarget,
  startComposeTarget,
  parseEnvAssignments,
  DEFAULT_IMAGE_PORT,
  DEFAULT_WAIT_PATH,
  DEFAULT_STARTUP_TIMEOUT_MS,
} from './containers/index.ts';
export type { ContainerStartOptions, ContainerTarget, ImageTargetOptions, ComposeTargetOptions } from './containers/index.ts';
export { EXTRACT_DEFAULTS, PagingMethod, expandTemplate, loadJobFile, checkpointPath, manifestPath, partPath } from './extract/index.ts';
export type { ExtractListener, ExtractSpec, ExtractColumn } from './extract/index.ts';
export type { Manifest, Checkpoint } from './schema/extract-files.ts';
export type { JobFile, JobExtract, ExtractFormat } from './schema/extract-job.ts';
export {
  run,
  prepareCatalogue,
  checkReachable,
  buildRequest,
  checkExpect,
  RUN_DEFAULTS,
  DEFAULT_PROFILE,
} from './runner/index.ts';
export { resolveWithBundled } from './util/bundled.ts';
export type { RunOptions, RunCollaborators, RunVariant, SelectionOptions, PreparedCatalogue } from './runner/index.ts';
export { runCatalogue, resolveRunOptions, readUpdateBaseline, openSession, withSession } from './api/index.ts';
export type {
  RunSettings,
  ResolvedRunOptions,
  RunTarget,
  RunCatalogueContext,
  RunCatalogueOutcome,
  Session,
  SessionOptions,
  SessionTarget,
} from './api/index.ts';
export {
  loadCatalogue,
  loadProfile,
  parseProfile,
  selectCases,
  expandCase,
  REQUEST_DEFAULTS,
  renderProfile,
  collectCatalogueNames,
  KIT_CAPABILITIES,
} from './catalogue/index.ts';
export type { ProfileNotes, CatalogueNames } from './catalogue/index.ts';
export type { Catalogue, LoadedCase, CaseVariant, ResolvedRequest, SelectOptions, ExpandOptions, LoadOptions } from './catalogue/index.ts';
export { createAjv, compileSchema } from './schema/ajv.ts';
export { CaseFileSchema, CaseSchema } from './schema/case.ts';
export { VACUOUS_REASON } from './schema/report.ts';
export {
  BaselineFileSchema,
  CaseBaselineSchema,
  DifferenceSchema,
  NormaliseSchema,
  UPDATE_BASELINE_MODES,
  type BaselineFile,
  type BaselineSummary,
  type CaseBaseline,
  type NormaliseLayer,
  type UpdateBaselineMode,
} from './schema/baseline.ts';
export { DEFAULT_NORMALISE_RULES, compareSnapshots, normaliseSnapshot, resolveNormaliseRules } from './compare/index.ts';
export type { Comparison, CompareOptions, Difference, DifferenceKind, NormaliseRules, RecordChange, ResponseSnapshot } from './compare/index.ts';
export { checkBaseline, createFileBaselineStore, baselineFilePath, parseBaselineFile, renderBaselineFile } from './baseline/index.ts';
export type { BaselineCheck, BaselineContext, BaselineSubject } from './baseline/index.ts';
export { ProfileSchema, type Profile } from './schema/profile.ts';
export { CKAN_VERSIONS, DEFAULT_CKAN_VERSION, isCkanVersion, toCkanVersion, type CkanVersion } from './schema/ckan-version.ts';
export {
  checkResponse,
  checkResponseForVersions,
  inferCkanVersion,
  createSearchResultSchema,
  createSqlResultSchema,
  SQL_RESULT_SCHEMA,
  SEED_SUCCESS_SCHEMA,
} from './contract/index.ts';
export type {
  CheckResponseOptions,
  CheckedResponse,
  ContractProfile,
  InferredCkanVersion,
  JsonSchema,
  ObservedAnswer,
  RecordsFormat,
} from './contract/index.ts';
export { createConsoleListener, hasFailures } from './reporters/index.ts';
export type { ConsoleListenerOptions } from './reporters/index.ts';
export { computeCoverage, renderCoverage, COVERAGE_FILE, API_CLAUSES } from './catalogue/index.ts';
export type { Coverage, ClauseCoverage, RenderCoverageOptions, SpecClause } from './catalogue/index.ts';
export { diffTargets } from './api/index.ts';
export type { DiffContext, DiffOutcome } from './api/index.ts';
export { resolveDiffOptions } from './api/index.ts';
export type { DiffOptions, DiffSettings } from './api/index.ts';
export { runDiff, comparePair, createRequestArbitrary, sampleRequests, shrinkRequest, describeRequest, TOKEN_VARIABLE } from './diff/index.ts';
export type { DiffSide, RequestPair, DiffRunOptions, DiffRunOutcome, GeneratedRequest, GenerationInput, SampledResource } from './diff/index.ts';
export { writeDiffReports, formatDiffSummary, renderDiffMarkdown, renderDiffHtml, DIFF_REPORT_FORMATS } from './reporters/index.ts';
export type { DiffReportFormat } from './reporters/index.ts';
export { DiffReportSchema, DIFF_REPORT_SCHEMA_VERSION } from './schema/diff-report.ts';
export type { DiffReport, PairResult, ShrunkDisagreement } from './schema/diff-report.ts';
