import net from 'node:net';

/** Which service a port belongs to and which environment variable overrides it. */
export interface PortOwner {
  service: string;
  envVar: string;
}

function listenOnce(port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    // exclusive: never share the port with a cluster primary; we want the kernel's verdict.
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
  });
}

/**
 * Fails with a clear message when `port` cannot be bound, before any service is spawned.
 * `host` is the address the service itself binds: '127.0.0.1' for the Node stand-ins, or
 * undefined (all interfaces, dual stack) for DynamoDB Local, which has no host option.
 */
export async function assertPortFree(port: number, owner: PortOwner, host: string | undefined): Promise<void> {
  try {
    await listenOnce(port, host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new Error(
        `Port ${port} (${owner.service}) is already in use. Stop whatever uses it or set ${owner.envVar}.`,
      );
    }
    throw new Error(
      `Cannot listen on port ${port} (${owner.service}): ${code ?? String(error)}. Choose another port with ${owner.envVar}.`,
    );
  }
}

/**
 * Picks `count` distinct free ports on 127.0.0.1 (the kernel chooses them by listening on port 0).
 * All listeners stay open until every port is known, so the ports are distinct.
 */
export async function pickFreePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const server = net.createServer();
      server.unref();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => resolve());
      });
      ports.push((server.address() as net.AddressInfo).port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
}
