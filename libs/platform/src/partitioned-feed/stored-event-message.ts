import type { RecordedEvent } from '@shipping/event-store';
import type { PublishedMessage } from '@shipping/messaging';
import { topicName } from '@shipping/messaging';

/** The content type of a stored event on an app's `stored-events` topic (internal, not the public contract). */
export const STORED_EVENT_CONTENT_TYPE = 'application/vnd.shipping.stored-event+json';

/** Every event an app stores, keyed by stream, for its own instances only: `shipping.<app>.stored-events`. */
export const storedEventsTopic = (app: string) => topicName(app, 'stored-events');

interface StoredEventJson {
  id: string;
  stream: string;
  revision: string;
  position: { commit: string; prepare: string };
  type: string;
  version: number;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  created_at: string;
}

/** Keyed by its stream, so one stream's events stay on one partition, in order. */
export function toStoredEventMessage(event: RecordedEvent): PublishedMessage {
  const json: StoredEventJson = {
    id: event.id,
    stream: event.streamName,
    revision: event.revision.toString(),
    position: { commit: event.position.commit.toString(), prepare: event.position.prepare.toString() },
    type: event.type,
    version: event.version,
    data: event.data,
    metadata: event.metadata,
    created_at: event.createdAt.toISOString(),
  };
  return {
    key: event.streamName,
    value: JSON.stringify(json),
    headers: { 'content-type': STORED_EVENT_CONTENT_TYPE },
  };
}

export class UnreadableStoredEvent extends Error {
  constructor(reason: string) {
    super(`Not a stored event: ${reason}`);
    this.name = 'UnreadableStoredEvent';
  }
}

/** The event a message carries, as the store recorded it (in the version it was written as). */
export function fromStoredEventMessage(value: Buffer): RecordedEvent {
  let json: Partial<StoredEventJson>;
  try {
    json = JSON.parse(value.toString('utf8')) as Partial<StoredEventJson>;
  } catch (error) {
    throw new UnreadableStoredEvent(error instanceof Error ? error.message : String(error));
  }
  const { id, stream, revision, position, type, version, metadata, created_at } = json;
  if (
    typeof id !== 'string' ||
    typeof stream !== 'string' ||
    typeof type !== 'string' ||
    typeof revision !== 'string' ||
    typeof position?.commit !== 'string' ||
    typeof position.prepare !== 'string' ||
    typeof version !== 'number' ||
    typeof created_at !== 'string' ||
    !('data' in json)
  )
    throw new UnreadableStoredEvent('a field is missing or of the wrong type');
  return {
    id,
    streamName: stream,
    revision: BigInt(revision),
    position: { commit: BigInt(position.commit), prepare: BigInt(position.prepare) },
    type,
    version,
    data: json.data,
    metadata: metadata ?? {},
    createdAt: new Date(created_at),
  };
}
