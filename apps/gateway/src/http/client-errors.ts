import type { Duplex } from 'node:stream';

export const HEADERS_TOO_LARGE_MESSAGE = 'The request headers are too large.';
export const UNREADABLE_REQUEST_MESSAGE = 'The request could not be read.';

/**
 * Requests Node's HTTP parser refuses before any handler sees them (a URL or headers over 16 KB,
 * a broken request line) are answered in the envelope too, not with Node's bodiless 431 or 400.
 */
export function answerClientErrorInEnvelope(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({
    success: false,
    message: tooLarge ? HEADERS_TOO_LARGE_MESSAGE : UNREADABLE_REQUEST_MESSAGE,
  });
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
