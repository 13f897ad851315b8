// A bare STOMP 1.2 client over ws for the mixed-users load generator: the frames the web app's client sends and reads,
// nothing else (no reconnection, no heart-beats, no header escaping: the generator's headers need none). Measured at
// 2,500 users, @stomp/stompjs was about a sixth of the generator's CPU, which shares the machine with the server.
import { WebSocket } from 'ws';

export interface LeanMessage {
  destination: string;
  body: string;
}

/** One STOMP connection: SEND, SUBSCRIBE (optionally with a receipt), and every MESSAGE handed to its subscription. */
export class LeanStomp {
  private buffered = '';
  private nextId = 0;
  private readonly handlers = new Map<string, (m: LeanMessage) => void>();
  private readonly receipts = new Map<string, () => void>();
  connected = false;

  private constructor(private readonly socket: WebSocket) {}

  /** Opens the WebSocket, sends CONNECT with the bearer token, resolves on CONNECTED (rejects on ERROR or close). */
  static connect(url: string, token: string): Promise<LeanStomp> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, ['v12.stomp']);
      const client = new LeanStomp(socket);
      socket.on('open', () =>
        socket.send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer ${token}\n\n\0`),
      );
      socket.on('message', (data) => {
        for (const frame of client.frames(data.toString())) {
          if (frame.command === 'CONNECTED') {
            client.connected = true;
            resolve(client);
          } else if (frame.command === 'ERROR') reject(new Error(frame.headers.message ?? 'STOMP ERROR'));
          else client.dispatch(frame);
        }
      });
      socket.on('close', () => {
        client.connected = false;
        reject(new Error('closed'));
      });
      socket.on('error', reject);
    });
  }

  subscribe(destination: string, onMessage: (m: LeanMessage) => void, receipt?: () => void): void {
    const id = `sub-${this.nextId++}`;
    this.handlers.set(id, onMessage);
    let frame = `SUBSCRIBE\nid:${id}\ndestination:${destination}\n`;
    if (receipt) {
      const name = `receipt-${this.nextId++}`;
      this.receipts.set(name, receipt);
      frame += `receipt:${name}\n`;
    }
    this.socket.send(`${frame}\n\0`);
  }

  publish(destination: string, body: string): void {
    this.socket.send(`SEND\ndestination:${destination}\ncontent-type:application/json\n\n${body}\0`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }

  private dispatch(frame: { command: string; headers: Record<string, string>; body: string }): void {
    if (frame.command === 'MESSAGE')
      this.handlers.get(frame.headers.subscription)?.({ destination: frame.headers.destination, body: frame.body });
    else if (frame.command === 'RECEIPT') {
      const id = frame.headers['receipt-id'];
      this.receipts.get(id)?.();
      this.receipts.delete(id);
    }
  }

  /** The whole frames received so far (a WebSocket message may hold part of one, one or several). */
  private *frames(text: string) {
    this.buffered += text;
    let end: number;
    while ((end = this.buffered.indexOf('\0')) >= 0) {
      const raw = this.buffered.slice(0, end).replace(/^[\r\n]+/, '');
      this.buffered = this.buffered.slice(end + 1);
      if (!raw) continue;
      const split = raw.indexOf('\n\n');
      const head = (split < 0 ? raw : raw.slice(0, split)).split('\n');
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon);
        if (!(name in headers)) headers[name] = line.slice(colon + 1);
      }
      yield { command: head[0].replace(/\r$/, ''), headers, body: split < 0 ? '' : raw.slice(split + 2) };
    }
  }
}
