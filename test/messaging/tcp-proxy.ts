import net from 'node:net';

/** One client connection and, once forwarding, its upstream connection. */
interface Link {
  client: net.Socket;
  upstream?: net.Socket;
}

type ProxyMode = 'forwarding' | 'cut' | 'silent';

/**
 * A loopback TCP proxy a test puts between a process and PostgreSQL, RabbitMQ or Redis, to stage
 * real outages without stopping the shared servers:
 * - `cut()`: every open connection is dropped and new ones are refused (the server is down);
 * - `silence()`: connections stay open and new ones are accepted, but nothing is forwarded
 *   either way (a hung server or a black-holed network);
 * - `restore()`: forwarding resumes; connections held while silent carry on where they stopped,
 *   as after a network partition heals.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly links = new Set<Link>();
  private current: ProxyMode = 'forwarding';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    this.current = 'forwarding';
  }

  /** Drops every open connection and refuses new ones. */
  async cut(): Promise<void> {
    this.current = 'cut';
    // server.close() completes only once the open connections are gone.
    const closed = this.closeServer();
    for (const link of this.links) {
      link.client.destroy();
      link.upstream?.destroy();
    }
    this.links.clear();
    await closed;
  }

  /** Keeps accepting connections and keeps open ones open, but forwards nothing. */
  async silence(): Promise<void> {
    if (this.current === 'cut') await this.start(this.port);
    this.current = 'silent';
    for (const link of this.links) this.hold(link);
  }

  async restore(): Promise<void> {
    if (this.current === 'forwarding') return;
    if (this.current === 'cut') {
      await this.start(this.port);
      return;
    }
    this.current = 'forwarding';
    for (const link of this.links) this.forward(link);
  }

  async stop(): Promise<void> {
    await this.cut();
  }

  private accept(client: net.Socket): void {
    const link: Link = { client };
    this.links.add(link);
    client.on('error', () => client.destroy());
    client.on('close', () => {
      link.upstream?.destroy();
      this.links.delete(link);
    });
    if (this.current === 'forwarding') this.forward(link);
    else this.hold(link);
  }

  private forward(link: Link): void {
    if (!link.upstream) {
      const upstream = net.connect(this.targetPort, this.targetHost);
      upstream.on('error', () => upstream.destroy());
      upstream.on('close', () => link.client.destroy());
      link.upstream = upstream;
    }
    link.client.pipe(link.upstream);
    link.upstream.pipe(link.client);
  }

  /** Stops the flow both ways; what was in flight waits in the sockets' buffers. */
  private hold(link: Link): void {
    link.client.unpipe();
    link.client.pause();
    if (link.upstream) {
      link.upstream.unpipe();
      link.upstream.pause();
    }
  }

  private closeServer(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
