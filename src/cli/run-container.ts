// `run --image` / `run --compose`: the flags that start the implementation under test in a container for the run.
import path from 'node:path';
import type { Argv } from 'yargs';
import { runAgainstContainer, type ContainerRunOutcome, type ContainerSpec } from '../api/container-target.ts';
import { DEFAULT_IMAGE_PORT, DEFAULT_STARTUP_TIMEOUT_MS, DEFAULT_WAIT_PATH, parseEnvAssignments } from '../containers/index.ts';
import { KitError, KitErrorCode } from '../errors.ts';
import { addFlags, type FlagTable } from './flags.ts';
import type { CliIo } from './io.ts';

/** The container flags as yargs hands them over. */
export interface ContainerArgs {
  image: string | undefined;
  'image-port': number | undefined;
  'image-env': readonly (string | number)[];
  'image-wait': string | undefined;
  'image-timeout-ms': number | undefined;
  compose: string | undefined;
  'compose-service': string | undefined;
  'compose-port': number | undefined;
}

/** The flags that run the implementation under test in a container. */
export const CONTAINER_FLAGS = {
  image: { type: 'string', describe: 'Start this image as the target for the run (needs Docker), stop it after' },
  'image-port': { type: 'number', fallback: `the image's one EXPOSEd port, else ${DEFAULT_IMAGE_PORT}`, describe: "Port the image's API listens on" },
  'image-env': { type: 'string', array: true, default: [], describe: 'NAME=VALUE for the container (repeatable); also for --compose substitutions' },
  'image-wait': { type: 'string', fallback: DEFAULT_WAIT_PATH, describe: 'Path asked until the container answers below 500' },
  'image-timeout-ms': { type: 'number', fallback: DEFAULT_STARTUP_TIMEOUT_MS, describe: 'Budget for the container to start and answer, in ms' },
  compose: { type: 'string', describe: 'Start this compose file as the target for the run (with --compose-service, --compose-port)' },
  'compose-service': { type: 'string', describe: 'The compose service that serves the API' },
  'compose-port': { type: 'number', describe: 'Its port inside the container' },
} as const satisfies FlagTable;

/** Adds the container flags and their conflicts. */
export function addContainerOptions<T>(y: Argv<T>) {
  return addFlags(y, CONTAINER_FLAGS).conflicts('image', ['target', 'reference', 'compose']).conflicts('compose', ['target', 'reference']);
}

/** The container to start, if a flag asks for one; KitError E_USAGE for an incomplete --compose or a bad --image-env. */
export function mapContainerArgs(args: ContainerArgs, processEnv: CliIo['env']): ContainerSpec | undefined {
  const env = parseEnvAssignments(args['image-env'].map(String), '--image-env');
  const waitPath = args['image-wait'];
  const dockerHost = processEnv['DOCKER_HOST'];
  const startupTimeoutMs = args['image-timeout-ms'];
  const common = {
    env,
    ...(waitPath === undefined ? {} : { waitPath }),
    ...(dockerHost === undefined ? {} : { dockerHost }),
    ...(startupTimeoutMs === undefined ? {} : { startupTimeoutMs }),
  };
  if (args.image !== undefined) {
    const port = args['image-port'];
    return { kind: 'image', image: args.image, ...common, ...(port === undefined ? {} : { port }) };
  }
  if (args.compose === undefined) {
    if (args['compose-service'] !== undefined || args['compose-port'] !== undefined) {
      throw new KitError(KitErrorCode.usage, '--compose-service and --compose-port need --compose FILE');
    }
    return undefined;
  }
  const service = args['compose-service'];
  const port = args['compose-port'];
  if (service === undefined || port === undefined) {
    throw new KitError(KitErrorCode.usage, '--compose needs --compose-service NAME and --compose-port N');
  }
  return { kind: 'compose', file: args.compose, service, port, ...common };
}

/** Runs against a started container; Ctrl-C while it starts stops it before any case (exit 130). */
export async function runInContainer(spec: ContainerSpec, io: CliIo, run: (url: string) => Promise<ContainerRunOutcome>): Promise<number> {
  const controller = new AbortController();
  const stopListening = io.onStop(() => controller.abort());
  try {
    const outcome = await runAgainstContainer(spec, { cwd: io.cwd, signal: controller.signal }, run);
    if (outcome.logFile !== undefined) io.stdout.write(`Container log: ${path.relative(io.cwd, outcome.logFile) || outcome.logFile}\n`);
    return outcome.exitCode;
  } finally {
    stopListening();
  }
}
