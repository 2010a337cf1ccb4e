// A compose stack as the target (e.g. CKAN beside PostgreSQL, Solr and Redis): one service's port is the target.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { StartedDockerComposeEnvironment } from 'testcontainers';
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
  // why: testcontainers finds a service's container (and its wait strategy) by name: Compose v2 names the first one
  // `<service>-1` (after the project), v1 `<project>_<service>_1`; both are given and the one that exists is used
  const project = `datastore-kit-${randomUUID().slice(0, 12)}`;
  const names = [`${options.service}-1`, `${project}_${options.service}_1`];
  const wait = () => Wait.forHttp(options.waitPath ?? DEFAULT_WAIT_PATH, options.port).forStatusCodeMatching((status) => status < 500);
  let environment = new DockerComposeEnvironment(path.dirname(path.resolve(options.file)), path.basename(options.file))
    .withProjectName(project)
    .withEnvironment({ ...options.env })
    .withStartupTimeout(options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS);
  for (const name of names) environment = environment.withWaitStrategy(name, wait());
  let started: Awaited<ReturnType<typeof environment.up>>;
  try {
    started = await environment.up();
  } catch (error) {
    throw startFailure(`compose service ${options.service} (${options.file})`, error);
  }
  const container = serviceContainer(started, names);
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

/** The service's container under the name this Compose version gave it. */
function serviceContainer(started: StartedDockerComposeEnvironment, names: readonly string[]): ReturnType<StartedDockerComposeEnvironment['getContainer']> {
  for (const name of names.slice(0, -1)) {
    try {
      return started.getContainer(name);
    } catch {
      // not under this name: the other Compose version's
    }
  }
  return started.getContainer(names.at(-1) ?? '');
}
