// One image as the target: started with testcontainers, its port published on a free host port.
import { createLogCollector, connectEngine, startFailure, type Testcontainers } from './engine.ts';
import { DEFAULT_IMAGE_PORT, DEFAULT_STARTUP_TIMEOUT_MS, DEFAULT_WAIT_PATH, type ContainerStartOptions, type ContainerTarget } from './types.ts';

export interface ImageTargetOptions extends ContainerStartOptions {
  /** Image name, e.g. `ckan/ckan-base:2.11` or a local tag. */
  image: string;
  /**
   * The port the implementation listens on inside the container. Default: the one TCP port the image EXPOSEs (the
   * reference server's image: 8800), else CKAN's 5000.
   */
  port?: number;
}

/**
 * Starts `image`, waits until `waitPath` answers, and returns its URL, log and stop. KitError E_ENV (exit 3) when no
 * container engine is reachable or the container does not start or answer in time (the container is removed).
 */
export async function startImageTarget(options: ImageTargetOptions): Promise<ContainerTarget> {
  const testcontainers = await connectEngine(options.dockerHost);
  const { GenericContainer, Wait } = testcontainers;
  const port = options.port ?? (await exposedPort(testcontainers, options.image)) ?? DEFAULT_IMAGE_PORT;
  const logs = createLogCollector();
  const container = new GenericContainer(options.image)
    .withExposedPorts(port)
    .withEnvironment({ ...options.env })
    .withLogConsumer((stream) => logs.consume(stream))
    .withWaitStrategy(Wait.forHttp(options.waitPath ?? DEFAULT_WAIT_PATH, port).forStatusCodeMatching((status) => status < 500))
    .withStartupTimeout(options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS);
  let started: Awaited<ReturnType<typeof container.start>>;
  try {
    started = await container.start();
  } catch (error) {
    throw startFailure(`image ${options.image} (port ${port})`, error, logs.text());
  }
  let stopped: Promise<unknown> | undefined;
  return {
    url: `http://${started.getHost()}:${started.getMappedPort(port)}`,
    log: () => logs.text(),
    async stop() {
      stopped ??= started.stop({ remove: true, removeVolumes: true });
      await stopped;
    },
  };
}

/**
 * The one TCP port `image` EXPOSEs (pulled first if missing, as the start would), else undefined: none, several, or
 * an image that cannot be pulled or read, whose start then fails with the engine's own reason.
 */
async function exposedPort(testcontainers: Testcontainers, image: string): Promise<number | undefined> {
  try {
    const client = await testcontainers.getContainerRuntimeClient();
    const name = testcontainers.ImageName.fromString(image);
    await client.image.pull(name);
    const exposed = Object.keys((await client.image.inspect(name)).Config?.ExposedPorts ?? {});
    const ports = exposed.filter((entry) => entry.endsWith('/tcp')).map((entry) => Number.parseInt(entry, 10));
    return ports.length === 1 && Number.isInteger(ports[0]) ? ports[0] : undefined;
  } catch {
    return undefined;
  }
}
