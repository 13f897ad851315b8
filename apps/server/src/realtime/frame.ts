/**
 * STOMP 1.2 frame codec (https://stomp.github.io/stomp-specification-1.2.html): a command line, header lines,
 * a blank line, a body and a NUL octet. Heart-beats are bare end-of-lines between frames. The parser is
 * incremental: a WebSocket message may hold part of a frame, one frame or several.
 */

export interface Frame {
  command: string;
  /** Header names in the order received; for a repeated header the first value wins (spec 1.2). */
  headers: Record<string, string>;
  body: Buffer;
}

export class FrameError extends Error {
  constructor(
    message: string,
    /** Too large: the connection cannot continue; malformed: neither can it. Both end in ERROR + close. */
    readonly kind: 'too-large' | 'malformed',
  ) {
    super(message);
  }
}

const CLIENT_COMMANDS = new Set([
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
]);

/** CONNECT and CONNECTED headers are never escaped (spec 1.2, "Value Encoding"). */
const UNESCAPED = new Set(['CONNECT', 'STOMP', 'CONNECTED']);

function unescapeHeader(value: string): string {
  return value.replace(/\\(.)?/g, (_m, c: string | undefined) => {
    switch (c) {
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 'c':
        return ':';
      case '\\':
        return '\\';
      default:
        throw new FrameError(`Undefined escape sequence \\${c ?? ''} in a header`, 'malformed');
    }
  });
}

function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => ({ '\\': '\\\\', '\r': '\\r', '\n': '\\n', ':': '\\c' })[c] as string);
}

interface ParserLimits {
  /** Largest frame (command, headers and body) accepted, in bytes. */
  maxFrameBytes: number;
  maxHeaders: number;
}

/** Incremental parser: feed it chunks, get whole frames and heart-beat counts. */
export class FrameParser {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly limits: ParserLimits) {}

  /** Adds received bytes; returns the complete frames they finish (throws FrameError on a bad or oversized frame). */
  push(chunk: Buffer): Frame[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const frames: Frame[] = [];
    for (;;) {
      // Heart-beats and the optional EOLs after a frame's NUL.
      let start = 0;
      while (start < this.buffer.length && (this.buffer[start] === 0x0a || this.buffer[start] === 0x0d)) start++;
      if (start) this.buffer = this.buffer.subarray(start);
      if (!this.buffer.length) break;
      const frame = this.parseOne();
      if (!frame) break;
      frames.push(frame);
    }
    return frames;
  }

  private parseOne(): Frame | null {
    const buf = this.buffer;
    const headerEnd = findHeaderEnd(buf);
    if (headerEnd === null) {
      if (buf.length > this.limits.maxFrameBytes)
        throw new FrameError(`Frame exceeds ${this.limits.maxFrameBytes} bytes`, 'too-large');
      return null;
    }
    const head = buf.subarray(0, headerEnd.index).toString('utf8');
    const lines = head.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    const command = lines.shift() ?? '';
    if (!CLIENT_COMMANDS.has(command)) throw new FrameError(`Unknown command '${command.slice(0, 32)}'`, 'malformed');
    if (lines.length > this.limits.maxHeaders)
      throw new FrameError(`More than ${this.limits.maxHeaders} headers`, 'malformed');
    const headers: Record<string, string> = {};
    const decode = UNESCAPED.has(command) ? (text: string) => text : unescapeHeader;
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new FrameError(`Malformed header line '${line.slice(0, 64)}'`, 'malformed');
      const name = decode(line.slice(0, colon));
      const value = decode(line.slice(colon + 1));
      if (!(name in headers)) headers[name] = value;
    }
    const bodyStart = headerEnd.index + headerEnd.length;
    let bodyEnd: number;
    if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (!Number.isInteger(length) || length < 0) throw new FrameError('Invalid content-length header', 'malformed');
      if (bodyStart + length + 1 > this.limits.maxFrameBytes)
        throw new FrameError(`Frame exceeds ${this.limits.maxFrameBytes} bytes`, 'too-large');
      if (buf.length < bodyStart + length + 1) return null;
      if (buf[bodyStart + length] !== 0) throw new FrameError('Frame body is not followed by a NUL octet', 'malformed');
      bodyEnd = bodyStart + length;
    } else {
      const nul = buf.indexOf(0, bodyStart);
      if (nul === -1) {
        if (buf.length > this.limits.maxFrameBytes)
          throw new FrameError(`Frame exceeds ${this.limits.maxFrameBytes} bytes`, 'too-large');
        return null;
      }
      bodyEnd = nul;
    }
    if (bodyEnd + 1 > this.limits.maxFrameBytes)
      throw new FrameError(`Frame exceeds ${this.limits.maxFrameBytes} bytes`, 'too-large');
    const body = Buffer.from(buf.subarray(bodyStart, bodyEnd));
    this.buffer = buf.subarray(bodyEnd + 1);
    return { command, headers, body };
  }
}

function findHeaderEnd(buf: Buffer): { index: number; length: number } | null {
  // The blank line ending the headers may be LF, CRLF, or a LF line followed by a CRLF blank line.
  const candidates = [
    { index: buf.indexOf('\n\n'), length: 2 },
    { index: buf.indexOf('\r\n\r\n'), length: 4 },
    { index: buf.indexOf('\n\r\n'), length: 3 },
  ].filter((c) => c.index !== -1);
  if (!candidates.length) return null;
  return candidates.reduce((a, b) => (b.index < a.index ? b : a));
}

/** Serialises a server frame; the body gets a content-length so it may hold any octet. */
export function encodeFrame(
  command: string,
  headers: Record<string, string | number | undefined>,
  body: string | Buffer = '',
): Buffer {
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const escape = UNESCAPED.has(command) ? (v: string) => v : escapeHeader;
  let head = `${command}\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    head += `${escape(name)}:${escape(String(value))}\n`;
  }
  if (payload.length || command === 'MESSAGE' || command === 'ERROR') head += `content-length:${payload.length}\n`;
  return Buffer.concat([Buffer.from(`${head}\n`, 'utf8'), payload, Buffer.from([0])]);
}

/**
 * A MESSAGE frame for one subscriber, from the part shared by every subscriber of the same message (encoded
 * once: destination, headers, body). Fan-out to hundreds of subscribers then costs one small prefix each.
 */
export function encodeMessageFrame(subscription: string, messageId: string, shared: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`MESSAGE\nsubscription:${escapeHeader(subscription)}\nmessage-id:${escapeHeader(messageId)}\n`, 'utf8'),
    shared,
  ]);
}

/** The shared part of a MESSAGE frame: every header but subscription and message-id, the blank line, the body, NUL. */
export function encodeMessageShared(headers: Record<string, string | undefined>, body: string): Buffer {
  const payload = Buffer.from(body, 'utf8');
  let head = '';
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    head += `${escapeHeader(name)}:${escapeHeader(String(value))}\n`;
  }
  head += `content-length:${payload.length}\n\n`;
  return Buffer.concat([Buffer.from(head, 'utf8'), payload, Buffer.from([0])]);
}
