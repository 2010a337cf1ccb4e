// What the package publishes as `datastore-kit/server`: the reference server for a user's own tests, started on a
// port with its options, its settings and what it serves. The folder's index.ts is the wider interface the kit's
// own CLI and use cases import (help-text defaults, worker counts, the app and its socket for the tests).
export { startReferenceServer } from './start.ts';
export type { ReferenceServer, ReferenceServerOptions } from './start.ts';
export type { ColumnDef, Datastore, ResourceDef, ServerConfig } from './types.ts';
export { SERVER_CKAN_VERSIONS } from './ckan-versions.ts';
export type { ServerCkanVersion } from './ckan-versions.ts';
