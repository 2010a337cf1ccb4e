// Test servers on a free loopback port; close() also drops open (e.g. hanging) connections.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** Listens with `server` on 127.0.0.1 port 0 and resolves with its base URL. */
export async function serveOnFreePort(server: Server): Promise<TestServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // why: listen() on a TCP port always yields AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
