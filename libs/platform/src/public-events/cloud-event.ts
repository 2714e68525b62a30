import type { KeyMode } from '@shipping/contracts';
import type { RecordedEvent } from '@shipping/event-store';
import type { PublishedCategory } from './published-categories';

/** Where the schemas under docs/events are published; `dataschema` and each schema's `$id` start with it. */
export const EVENT_SCHEMA_BASE_URL = 'https://schemas.shipping.example/events';

export const CLOUD_EVENT_CONTENT_TYPE = 'application/cloudevents+json; charset=UTF-8';

/** A CloudEvents 1.0 event in the structured JSON format, with this service's extensions. */
export interface CloudEvent {
  specversion: '1.0';
  id: string;
  source: string;
  type: string;
  subject: string;
  time: string;
  datacontenttype: 'application/json';
  dataschema: string;
  /** The event's 0-based position in its aggregate's stream: increases by one per event of the aggregate. */
  revision: number;
  correlationid?: string;
  causationid?: string;
  accountid?: string;
  data: unknown;
}

/** `com.shipping.batch.ItemCompleted.v1`: a consumer's switch over types is a switch over schemas. */
export function publicEventType(context: string, type: string, version: number): string {
  return `com.shipping.${context}.${type}.v${version}`;
}

export function eventSchemaPath(context: string, type: string, version: number): string {
  return `${context}/${type}.v${version}.schema.json`;
}

export function eventSchemaUrl(context: string, type: string, version: number): string {
  return `${EVENT_SCHEMA_BASE_URL}/${eventSchemaPath(context, type, version)}`;
}

/**
 * The stored event as other teams read it. Its data carries `key_mode`, the mode of the key its
 * aggregate was created with, so a consumer can keep test traffic out (decision 101).
 */
export function toCloudEvent(
  category: PublishedCategory,
  event: RecordedEvent,
  keyMode: KeyMode,
): CloudEvent {
  const { correlationId, causationId, accountId } = event.metadata;
  return {
    specversion: '1.0',
    id: event.id,
    source: `/shipping/${category.context}`,
    type: publicEventType(category.context, event.type, event.version),
    subject: event.streamName.slice(category.streamPrefix.length),
    time: event.createdAt.toISOString(),
    datacontenttype: 'application/json',
    dataschema: eventSchemaUrl(category.context, event.type, event.version),
    revision: Number(event.revision),
    ...(typeof correlationId === 'string' ? { correlationid: correlationId } : {}),
    ...(typeof causationId === 'string' ? { causationid: causationId } : {}),
    ...(typeof accountId === 'string' ? { accountid: accountId } : {}),
    data: { ...(event.data as object), key_mode: keyMode },
  };
}
