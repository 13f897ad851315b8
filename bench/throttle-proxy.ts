// A slow link between the browser and a server, as a TCP proxy: each direction is one pipe of a fixed bandwidth
// shared by every connection (a phone's link, not a per-connection limit), and every packet arrives half a round
// trip after it has been sent; opening a connection costs one round trip. Everything the browser sends goes through
// it (pages, scripts, API calls, the service worker's own requests, WebSockets), unlike Chromium's emulation, which
// leaves the service worker's requests at full speed. It also counts the HTTP requests that reach the server.
import net from 'node:net';

export interface LinkProfile {
  name: string;
  downKbit: number;
  upKbit: number;
  rttMs: number;
}

/** One direction of the link: a queue drained at `kbit` per second, each piece delivered `delayMs` after it left. */
class Pipe {
  private freeAt = 0;
  bytes = 0;
  /** When the last piece was delivered (performance.now()). */
  lastAt = 0;
  constructor(
    private readonly kbit: number,
    private readonly delayMs: number,
  ) {}

  /** Sends `chunk` through the pipe in pieces of at most 1,500 bytes (a packet), in order. */
  send(chunk: Buffer, deliver: (piece: Buffer) => void): void {
    for (let offset = 0; offset < chunk.length; offset += 1500) {
      const piece = chunk.subarray(offset, offset + 1500);
      const now = performance.now();
      this.freeAt = Math.max(now, this.freeAt) + (piece.length * 8) / this.kbit; // kbit/s = bit/ms
      setTimeout(
        () => {
          this.lastAt = performance.now();
          this.bytes += piece.length;
          deliver(piece);
        },
        this.freeAt + this.delayMs - now,
      );
    }
  }
}

export interface SeenRequest {
  method: string;
  path: string;
  at: number;
}

export interface ThrottleProxy {
  port: number;
  /** Bytes delivered down (server → browser) and up since the start or the last reset. */
  bytes(): { down: number; up: number };
  /** When the last byte reached the browser (performance.now()). */
  lastDownAt(): number;
  /** The HTTP requests that reached the server since the start or the last reset. */
  requests(): SeenRequest[];
  reset(): void;
  close(): Promise<void>;
}

const REQUEST_LINE = /(?:^|\r\n)(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\S+) HTTP\/1\.1\r\n/g;

export async function startThrottleProxy(target: number, link: LinkProfile): Promise<ThrottleProxy> {
  const down = new Pipe(link.downKbit, link.rttMs / 2);
  const up = new Pipe(link.upKbit, link.rttMs / 2);
  let seen: SeenRequest[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    client.setNoDelay(true);
    sockets.add(client);
    const upstream = net.connect(target, '127.0.0.1');
    upstream.setNoDelay(true);
    sockets.add(upstream);
    // The handshake: the browser's first bytes leave one round trip after it opened the connection.
    const opened = performance.now() + link.rttMs;
    const held: Buffer[] = [];
    let ready = false;
    setTimeout(
      () => {
        ready = true;
        for (const chunk of held.splice(0)) forward(chunk);
      },
      Math.max(0, opened - performance.now()),
    );
    const forward = (chunk: Buffer) => {
      for (const m of chunk.toString('latin1').matchAll(REQUEST_LINE))
        seen.push({ method: m[1], path: m[2], at: performance.now() });
      up.send(chunk, (piece) => !upstream.destroyed && upstream.write(piece));
    };
    client.on('data', (chunk) => (ready ? forward(chunk) : held.push(chunk)));
    upstream.on('data', (chunk) => down.send(chunk, (piece) => !client.destroyed && client.write(piece)));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', () => setTimeout(end, link.rttMs));
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    bytes: () => ({ down: down.bytes, up: up.bytes }),
    lastDownAt: () => down.lastAt,
    requests: () => [...seen],
    reset: () => {
      down.bytes = 0;
      up.bytes = 0;
      seen = [];
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
