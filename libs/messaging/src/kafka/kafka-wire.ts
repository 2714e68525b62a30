import { KafkaHeaders, type IncomingRequest, type IncomingResponse } from '@nestjs/microservices';
import type { IHeaders, Message } from 'kafkajs';
import type { Context } from '@opentelemetry/api';
import { encode } from '../in-process/wire';
import { injectTraceContext } from '../observability/trace-context';

/** The message pattern: one topic carries every pattern of a context. */
export const PATTERN_HEADER = 'shipping-pattern';

/** Epoch milliseconds after which the requester no longer waits for the reply. */
export const DEADLINE_HEADER = 'shipping-deadline';

/** Raised when a reply cannot be written as JSON; the caller gets 'internal' instead. */
export class UnserializableReply extends Error {}

export function headerText(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

/**
 * JSON both ways, as on the in-process transport: Dates arrive as strings, `undefined` as null.
 * The sender's trace context travels in the W3C `traceparent` header.
 */
export function outgoingMessage(
  pattern: string,
  key: string | null,
  payload: unknown,
  trace?: Context,
): Message {
  const headers: Record<string, string> = { [PATTERN_HEADER]: pattern };
  injectTraceContext(headers, trace);
  return { key, value: encode(payload), headers };
}

function decodeValue(value: unknown): unknown {
  if (value === null || value === undefined) {
    return undefined;
  }
  return JSON.parse(Buffer.isBuffer(value) ? value.toString('utf8') : String(value));
}

/** What a handler receives: the payload exactly as sent, and its pattern from the header. */
export const requestDeserializer = {
  deserialize(message: { value: unknown; headers: Record<string, unknown> }): IncomingRequest {
    const pattern = message.headers[PATTERN_HEADER];
    return { id: '', pattern: typeof pattern === 'string' ? pattern : '', data: decodeValue(message.value) };
  },
};

/** A handler's reply; `undefined` (a handler that answered nothing) crosses as an empty value. */
export const replySerializer = {
  serialize(response: unknown): Message {
    try {
      const headers: Record<string, string> = {};
      injectTraceContext(headers);
      return { value: response === undefined ? null : JSON.stringify(response), headers };
    } catch (error) {
      throw new UnserializableReply(error instanceof Error ? error.message : String(error));
    }
  },
};

/** Nest's reply headers read back; an error travels as the JSON of its payload. */
export const replyDeserializer = {
  deserialize(message: { value: unknown; headers: Record<string, unknown> }): IncomingResponse {
    const id = String(message.headers[KafkaHeaders.CORRELATION_ID]);
    const err = message.headers[KafkaHeaders.NEST_ERR];
    if (err !== undefined) {
      return { id, err: typeof err === 'string' ? parseOrKeep(err) : err, isDisposed: true };
    }
    return {
      id,
      response: decodeValue(message.value),
      isDisposed: message.headers[KafkaHeaders.NEST_IS_DISPOSED] !== undefined,
    };
  },
};

function parseOrKeep(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
