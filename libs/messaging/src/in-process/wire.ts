import type { WritePacket } from '@nestjs/microservices';
import { deepFreeze } from '@shipping/contracts';

/**
 * Everything crosses the in-process transport as JSON text, as it would cross Kafka: sender and
 * handler never share an object, a handler cannot mutate its caller's data, and Dates arrive as
 * ISO strings. Code that passes here does not break when the Kafka transport drops in.
 */
export function encode(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

export function decode(text: string): unknown {
  return JSON.parse(text);
}

const textOfFrozen = new WeakMap<object, string>();

/**
 * A reply packet as JSON text. A response of plain objects and arrays frozen all the way down
 * can never change, so its text is made once and reused (read models hand out cached pages so).
 */
export function encodeReplyPacket(packet: WritePacket): string {
  const { response } = packet;
  if (typeof response !== 'object' || response === null || !Object.isFrozen(response)) return encode(packet);
  let text = textOfFrozen.get(response);
  if (text === undefined) {
    if (!isDeeplyFrozenData(response)) return encode(packet);
    text = encode(response);
    textOfFrozen.set(response, text);
  }
  const rest = encode({ ...packet, response: undefined });
  return rest === '{}' ? `{"response":${text}}` : `{"response":${text},${rest.slice(1)}`;
}

function isDeeplyFrozenData(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  const plain = Array.isArray(value) || prototype === Object.prototype || prototype === null;
  return plain && Object.isFrozen(value) && Object.values(value).every(isDeeplyFrozenData);
}

const decodedOfFrozen = new WeakMap<object, unknown>();

/**
 * What the receiver of `encodeReplyPacket(packet)` would decode, when its response is frozen data
 * whose text is already made: decoded once from that text and frozen in turn, so every receiver of
 * a cached page gets the same read-only value a JSON round trip gives, without parsing it again.
 */
export function decodedReplyPacket(packet: WritePacket): WritePacket | undefined {
  const { response } = packet;
  if (typeof response !== 'object' || response === null) return undefined;
  const text = textOfFrozen.get(response);
  if (text === undefined) return undefined;
  let decoded = decodedOfFrozen.get(response);
  if (decoded === undefined) {
    decoded = deepFreeze(decode(text));
    decodedOfFrozen.set(response, decoded);
  }
  return { ...(decode(encode({ ...packet, response: undefined })) as WritePacket), response: decoded };
}
