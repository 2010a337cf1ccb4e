// A run against the implementation under test started in a container: start it, run, keep its log when the run
// did not pass, stop it whatever happens.
import path from 'node:path';
import { startComposeTarget, startImageTarget, type ComposeTargetOptions, type ContainerTarget, type ImageTargetOptions } from '../containers/index.ts';
import { writeFileAtomic } from '../util/atomic-write.ts';

/** The implementation under test in a container: one image, or a service of a compose stack. */
export type ContainerSpec = ({ kind: 'image' } & ImageTargetOptions) | ({ kind: 'compose' } & ComposeTargetOptions);

/** What the run against the container reports back: its exit code and report folder. */
export interface ContainerRunOutcome {
  exitCode: number;
  /** The report folder, absolute or relative to the working folder. */
  outDir: string;
}

/** The file, in the report folder, that receives the container's log when a run does not pass. */
export const CONTAINER_LOG_FILE = 'container.log';

/** Starts the container(s) the spec names (KitError E_ENV, exit 3, without an engine or when it does not answer). */
export function startContainerTarget(spec: ContainerSpec): Promise<ContainerTarget> {
  if (spec.kind === 'image') {
    const { kind: _image, ...options } = spec;
    return startImageTarget(options);
  }
  const { kind: _compose, ...options } = spec;
  return startComposeTarget(options);
}

/** Where the run happens, and how to stop it early. */
export interface ContainerRunContext {
  /** Folder a relative `outDir` is resolved against. */
  cwd: string;
  /** Aborted while the container starts: it is stopped and `use` never called (exit code 130). */
  signal?: AbortSignal;
}

/**
 * Starts the target, hands its URL to `use`, writes the container's log to `<outDir>/container.log` when the run's
 * exit code is not 0, and stops the container afterwards, also when `use` throws. `logFile` names the log written.
 */
export async function runAgainstContainer(
  spec: ContainerSpec,
  context: ContainerRunContext,
  use: (url: string) => Promise<ContainerRunOutcome>,
): Promise<ContainerRunOutcome & { logFile?: string }> {
  const target = await startContainerTarget(spec);
  try {
    // why: 130 is the shell's code for a run stopped by SIGINT; Ctrl-C during a long start lands here
    if (context.signal?.aborted === true) return { exitCode: 130, outDir: '' };
    const outcome = await use(target.url);
    if (outcome.exitCode === 0 || outcome.outDir === '') return outcome;
    const logFile = path.resolve(context.cwd, outcome.outDir, CONTAINER_LOG_FILE);
    await writeFileAtomic(logFile, target.log());
    return { ...outcome, logFile };
  } finally {
    await target.stop();
  }
}
