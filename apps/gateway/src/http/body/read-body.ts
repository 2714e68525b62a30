import { AppError } from '@shipping/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { bodyTooLargeMessage } from '../gateway-messages';

export const UNREADABLE_BODY_MESSAGE = 'The request body could not be read.';

const UNIT_BYTES: Readonly<Record<string, number>> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/**
 * A size in the configuration's notation (`4mb`, `512kb`, `1000`) in bytes, not yet rounded down;
 * undefined for text that is no size. What BODY_LIMIT is checked against and read with.
 */
export function sizeInBytes(size: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(size);
  return match ? Number(match[1]) * UNIT_BYTES[(match[2] ?? 'b').toLowerCase()] : undefined;
}

/** A size in the configuration's notation in whole bytes, as body-parser counted it. */
export function bytesOf(size: string): number {
  const bytes = sizeInBytes(size.trim());
  if (bytes === undefined) throw new Error(`Not a size: ${size}`);
  return Math.floor(bytes);
}

export const tooLarge = (limit: string) => new AppError('payload_too_large', bodyTooLargeMessage(limit));

const unreadable = () => new AppError('bad_request', UNREADABLE_BODY_MESSAGE);

const DECODERS: Readonly<Record<string, (() => NodeJS.ReadWriteStream) | undefined>> = {
  gzip: createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * A request body's bytes, decompressed (gzip, deflate, br) and at most `limit` of them: a larger
 * declared or received body is refused with 413, a body that ends short of its declared length or
 * cannot be decompressed with 400. A refused body is read off to its end first (as body-parser
 * did), so the client, still sending, gets the answer rather than a broken pipe.
 */
export function readBody(
  payload: Readable,
  headers: IncomingHttpHeaders,
  limit: number,
  limitText: string,
): Promise<Buffer> {
  const encoding = (headers['content-encoding'] ?? 'identity').toLowerCase();
  const declared = encoding === 'identity' ? Number(headers['content-length'] ?? NaN) : NaN;
  if (declared > limit) return readOff(payload, tooLarge(limitText));
  const decoder = encoding === 'identity' ? undefined : DECODERS[encoding];
  if (encoding !== 'identity' && !decoder) return readOff(payload, unreadable());
  const stream: Readable = decoder ? (payload.pipe(decoder()) as unknown as Readable) : payload;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      stream.removeAllListeners('data');
      if (stream !== payload) {
        payload.unpipe();
        stream.on('error', () => undefined);
        stream.destroy();
      }
      readOff(payload, error).catch(reject);
    };
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) return fail(tooLarge(limitText));
      chunks.push(chunk);
    });
    stream.on('end', () => {
      if (settled) return;
      if (!Number.isNaN(declared) && received !== declared) return fail(unreadable());
      settled = true;
      resolve(Buffer.concat(chunks, received));
    });
    stream.on('error', () => fail(unreadable()));
    payload.on('aborted', () => fail(unreadable()));
  });
}

/** Reads what is left of the request and drops it, then refuses it with `error`. */
function readOff(payload: Readable, error: AppError): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (payload.readableEnded || payload.destroyed) return reject(error);
    const done = () => reject(error);
    payload.once('end', done);
    payload.once('close', done);
    payload.once('error', done);
    payload.resume();
  });
}
