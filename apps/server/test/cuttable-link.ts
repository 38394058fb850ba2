import net from 'node:net';

export interface CuttableLink {
  /** The port the link listens on, in front of its target. */
  port: number;
  /** `url` with its host and port replaced by the link's. */
  via(url: string): string;
  /**
   * The target goes away as a stopped server does: every open connection is dropped and the port
   * refuses new ones until `restore`.
   */
  cut(): Promise<void>;
  /** The target answers again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP link to a real server (PostgreSQL, an S3 store) that a test can cut and restore, so the app
 * meets exactly what it would if that server stopped — connections lost mid-statement, then
 * refused — while the server and its data stay as they were.
 */
export async function startCuttableLink(target: {
  host: string;
  port: number;
}): Promise<CuttableLink> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const listen = async (port: number): Promise<net.Server> => {
    const server = net.createServer((inbound) => {
      track(inbound);
      const outbound = net.connect(target.port, target.host);
      track(outbound);
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return server;
  };
  let server: net.Server | undefined = await listen(0);
  const { port } = server.address() as net.AddressInfo;
  const stop = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    port,
    via(url) {
      const address = new URL(url);
      address.hostname = '127.0.0.1';
      address.port = String(port);
      return address.toString();
    },
    cut: stop,
    async restore() {
      server ??= await listen(port);
    },
    close: stop,
  };
}
