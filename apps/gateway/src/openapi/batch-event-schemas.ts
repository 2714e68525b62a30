import { BATCH_EVENT_TYPES } from '@shipping/batch-domain';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type SchemaObject = Record<string, unknown>;

/**
 * The published JSON Schemas of the batch's events (docs/events/batch, one file per type in the
 * version the store reads it as, kept equal to the event types by the platform's schema spec).
 */
const BATCH_EVENT_SCHEMA_DIR = join(__dirname, '../../../../docs/events/batch');

const base = {
  id: { type: 'string' },
  occurred_at: { type: 'string', format: 'date-time' },
  correlation_id: { anyOf: [{ type: 'string' }, { type: 'null' }] },
  causation_id: { anyOf: [{ type: 'string' }, { type: 'null' }] },
};

/**
 * The published `data` as the stream records it: the publisher adds `key_mode` to every event from
 * the batch's BatchCreated, while the history answers each event's data as recorded, where only the
 * types that record it themselves have it.
 */
function asRecorded(data: SchemaObject): SchemaObject {
  const required = data['required'];
  return Array.isArray(required)
    ? { ...data, required: required.filter((field) => field !== 'key_mode') }
    : data;
}

/** `BatchEvent`: one of a schema per event type, each with its `data` as the events publish it. */
export function batchEventSchemas(): Record<string, SchemaObject> {
  const files = readdirSync(BATCH_EVENT_SCHEMA_DIR);
  const byType = BATCH_EVENT_TYPES.map((type) => {
    const matching = files.filter((file) => new RegExp(`^${type}\\.v\\d+\\.schema\\.json$`).test(file));
    if (matching.length !== 1) throw new Error(`docs/events/batch has ${matching.length} schemas of ${type}`);
    const version = Number(/\.v(\d+)\./.exec(matching[0])![1]);
    const published = JSON.parse(readFileSync(join(BATCH_EVENT_SCHEMA_DIR, matching[0]), 'utf8')) as {
      properties: { data: SchemaObject };
    };
    const schema: SchemaObject = {
      type: 'object',
      required: ['id', 'type', 'version', 'data', 'occurred_at', 'correlation_id', 'causation_id'],
      properties: {
        ...base,
        type: { const: type },
        version: { const: version, description: 'The version `data` is upcast to.' },
        data: asRecorded(published.properties.data),
      },
    };
    return [`BatchEvent${type}`, schema] as const;
  });
  return {
    BatchEvent: {
      description: 'One event of the batch stream: `type` says which, `data` is as the event is published.',
      oneOf: byType.map(([name]) => ({ $ref: `#/components/schemas/${name}` })),
      discriminator: {
        propertyName: 'type',
        mapping: Object.fromEntries(
          byType.map(([name]) => [name.slice('BatchEvent'.length), `#/components/schemas/${name}`]),
        ),
      },
    },
    ...Object.fromEntries(byType),
  };
}
