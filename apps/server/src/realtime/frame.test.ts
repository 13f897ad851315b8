import { describe, expect, it } from 'vitest';
import { FrameError, FrameParser, encodeFrame, encodeMessageFrame, encodeMessageShared } from './frame.js';

const parser = () => new FrameParser({ maxFrameBytes: 1024, maxHeaders: 8 });
const buf = (s: string) => Buffer.from(s, 'utf8');

describe('STOMP frame codec', () => {
  it('reads LF and CRLF frames, heart-beats between them, and keeps a partial frame for later', () => {
    const p = parser();
    expect(p.push(buf('\n\r\nSEND\r\ndestination:/a\r\n\r\nhi\0\nSUBSCRIBE\nid:1\ndes'))).toEqual([
      { command: 'SEND', headers: { destination: '/a' }, body: buf('hi') },
    ]);
    expect(p.push(buf('tination:/b\n\n\0'))).toEqual([
      { command: 'SUBSCRIBE', headers: { id: '1', destination: '/b' }, body: buf('') },
    ]);
  });

  it('unescapes header values except in CONNECT, and the first of a repeated header wins', () => {
    expect(
      parser().push(buf('SEND\ndestination:/a\\cb\\nc\\\\d\ndestination:/ignored\n\n\0'))[0]?.headers.destination,
    ).toBe('/a:b\nc\\d');
    expect(parser().push(buf('CONNECT\npasscode:a\\cb\n\n\0'))[0]?.headers.passcode).toBe('a\\cb');
    expect(() => parser().push(buf('SEND\ndestination:/a\\t\n\n\0'))).toThrow(FrameError);
  });

  it('reads a body of content-length octets, NULs included', () => {
    const frame = Buffer.concat([
      buf('SEND\ndestination:/a\ncontent-length:3\n\n'),
      Buffer.from([1, 0, 2]),
      Buffer.from([0]),
    ]);
    expect(parser().push(frame)[0]?.body).toEqual(Buffer.from([1, 0, 2]));
    expect(() => parser().push(buf('SEND\ncontent-length:2\n\nabc\0'))).toThrow(
      'Frame body is not followed by a NUL octet',
    );
  });

  it('refuses unknown commands, header lines without a colon, too many headers and oversized frames', () => {
    expect(() => parser().push(buf('HELLO\n\n\0'))).toThrow("Unknown command 'HELLO'");
    expect(() => parser().push(buf('SEND\nno colon\n\n\0'))).toThrow('Malformed header line');
    expect(() =>
      parser().push(buf(`SEND\n${Array.from({ length: 9 }, (_, i) => `h${i}:v`).join('\n')}\n\n\0`)),
    ).toThrow('More than 8 headers');
    expect(() => parser().push(buf(`SEND\ndestination:/a\n\n${'x'.repeat(2000)}`))).toThrow('Frame exceeds 1024 bytes');
    expect(() => parser().push(buf('SEND\ncontent-length:5000\n\n'))).toThrow('Frame exceeds 1024 bytes');
  });

  it('writes frames that parse back, escaping headers outside CONNECTED', () => {
    const out = encodeFrame('RECEIPT', { 'receipt-id': 'a:b\nc' }).toString();
    expect(out).toBe('RECEIPT\nreceipt-id:a\\cb\\nc\n\n\0');
    expect(encodeFrame('CONNECTED', { version: '1.2', 'heart-beat': '0,0' }).toString()).toBe(
      'CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0',
    );
    const message = encodeMessageFrame(
      'sub:1',
      'm-1',
      encodeMessageShared({ destination: '/topic/x' }, '{"é":1}'),
    ).toString();
    expect(message).toBe(
      'MESSAGE\nsubscription:sub\\c1\nmessage-id:m-1\ndestination:/topic/x\ncontent-length:8\n\n{"é":1}\0',
    );
  });
});
