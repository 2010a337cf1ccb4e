// `run --image` / `run --compose`: the flags that start the implementation under test in a container for the run.
import path from 'node:path';
import type { Argv } from 'yargs';
import {
  DEFAULT_IMAGE_PORT,
  DEFAULT_STARTUP_TIMEOUT_MS,
  DEFAULT_WAIT_PATH,
  KitError,
  KitErrorCode,
  parseEnvAssignments,
  runAgainstContainer,
  type ContainerRunOutcome,
  type ContainerSpec,
} from '../index.ts';
import type { CliIo } from './io.ts';

/** The container flags as yargs hands them over. */
export interface ContainerArgs {
  image: string | undefined;
  'image-port': number | undefined;
  'image-env': (string | number)[];
  'image-wait': string | undefined;
  'image-timeout-ms': number | undefined;
  compose: string | undefined;
  'compose-service': string | undefined;
  'compose-port': number | undefined;
}

/** Adds --image, --image-port, --image-env, --image-wait, --compose, --compose-service, --compose-port. */
export function addContainerOptions<T>(y: Argv<T>) {
  return y
    .option('image', { type: 'string', describe: 'Start this image as the target for the run (needs Docker), stop it after' })
    .option('image-port', { type: 'number', describe: `Port the image's API listens on (default ${DEFAULT_IMAGE_PORT})` })
    .option('image-env', { type: 'string', array: true, default: [] as string[], describe: 'NAME=VALUE for the container (repeatable); also for --compose substitutions' })
    .option('image-wait', { type: 'string', describe: `Path asked until the container answers below 500 (default ${DEFAULT_WAIT_PATH})` })
    .option('image-timeout-ms', { type: 'number', describe: `Budget for the container to start and answer, in ms (default ${DEFAULT_STARTUP_TIMEOUT_MS})` })
    .option('compose', { type: 'string', describe: 'Start this compose file as the target for the run (with --compose-service, --compose-port)' })
    .option('compose-service', { type: 'string', describe: 'The compose service that serves the API' })
    .option('compose-port', { type: 'number', describe: 'Its port inside the container' })
    .conflicts('image', ['target', 'reference', 'compose'])
    .conflicts('compose', ['target', 'reference']);
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
