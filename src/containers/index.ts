// Starting the implementation under test in containers: one image, or a service of a compose stack. Waits until it
// answers, keeps its log, stops it. The only importer of testcontainers, loaded on first use (it is large).
export { startImageTarget } from './image.ts';
export type { ImageTargetOptions } from './image.ts';
export { startComposeTarget } from './compose.ts';
export type { ComposeTargetOptions } from './compose.ts';
export { DEFAULT_IMAGE_PORT, DEFAULT_WAIT_PATH, DEFAULT_STARTUP_TIMEOUT_MS, parseEnvAssignments } from './types.ts';
export type { ContainerTarget } from './types.ts';
