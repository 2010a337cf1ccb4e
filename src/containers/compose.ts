// A compose stack as the target (e.g. CKAN beside PostgreSQL, Solr and Redis): one service's port is the target.
import path from 'node:path';
import { createLogCollector, connectEngine, startFailure } from './engine.ts';
import { DEFAULT_STARTUP_TIMEOUT_MS, DEFAULT_WAIT_PATH, type ContainerStartOptions, type ContainerTarget } from './types.ts';

export interface ComposeTargetOptions extends ContainerStartOptions {
  /** The compose file. */
  file: string;
  /** The service that serves the API. */
  service: string;
  /** Its port inside the container. */
  port: number;
}

/**
 * Brings the stack up, waits until the service answers, and returns its URL, log and stop (down, volumes removed).
 * KitError E_ENV (exit 3) when no engine is reachable or the stack does not come up.
 */
export async function startComposeTarget(options: ComposeTargetOptions): Promise<ContainerTarget> {
  const { DockerComposeEnvironment, Wait } = await connectEngine(options.dockerHost);
  // why: Compose v2 names a service's first container `<service>-1`, which is what testcontainers looks up
  const containerName = `${options.service}-1`;
  const environment = new DockerComposeEnvironment(path.dirname(path.resolve(options.file)), path.basename(options.file))
    .withEnvironment({ ...options.env })
    .withWaitStrategy(
      containerName,
      Wait.forHttp(options.waitPath ?? DEFAULT_WAIT_PATH, options.port).forStatusCodeMatching((status) => status < 500),
    )
    .withStartupTimeout(options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS);
  let started: Awaited<ReturnType<typeof environment.up>>;
  try {
    started = await environment.up();
  } catch (error) {
    throw startFailure(`compose service ${options.service} (${options.file})`, error);
  }
  const container = started.getContainer(containerName);
  const logs = createLogCollector();
  logs.consume(await container.logs());
  let stopped: Promise<unknown> | undefined;
  return {
    url: `http://${container.getHost()}:${container.getMappedPort(options.port)}`,
    log: () => logs.text(),
    async stop() {
      stopped ??= started.down({ removeVolumes: true });
      await stopped;
    },
  };
}
