// The reference server: a CKAN DataStore read API over CSV fixtures. This folder owns routing, input
// decoding, the envelope and the socket; fixtures/, engines/, search/ and sql/ own the data and actions.
// What the package publishes of it (`datastore-kit/server`) is public.ts; this is what the kit's own folders and
// tests use.
export { createApp } from './app.ts';
export { resolveServerConfig, SERVER_CONFIG_DEFAULTS } from './config.ts';
export { listen } from './listen.ts';
export type { Listening } from './listen.ts';
export { openReferenceEngine, startReferenceServer } from './start.ts';
export { defaultWorkerCount, WORKER_GROW_AFTER_MS } from './engine.ts';
export type { ReferenceData, ReferenceServer, ReferenceServerOptions } from './start.ts';
export type { AppHandler } from './http-types.ts';
export type { ServerConfig } from './types.ts';
export { isServerCkanVersion, SERVER_CKAN_VERSIONS } from './ckan-versions.ts';
export type { ServerCkanVersion } from './ckan-versions.ts';
