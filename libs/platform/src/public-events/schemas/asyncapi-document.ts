import { Upcasters } from '@shipping/event-store';
import { DEFAULT_PARTITIONS } from '@shipping/messaging';
import { stringify } from 'yaml';
import type { AppEvents } from '../app-events';
import { CLOUD_EVENT_CONTENT_TYPE, eventSchemaPath, publicEventType } from '../cloud-event';
import { publicTopic, type PublishedCategory } from '../published-categories';
import { type EventSchemaFile, generateEventSchemas } from './event-schemas';
import { EXAMPLE_TRACEPARENT, messageExample } from './message-example';

const KAFKA_BINDING_VERSION = '0.5.0';

/** The payloads are the JSON Schemas of docs/events, written in draft 2020-12. */
export const JSON_SCHEMA_2020_12 = 'application/schema+json;version=draft-2020-12';

/** W3C Trace Context 1.0: version 00, a 16-byte trace id, an 8-byte parent span id, the flags. */
const TRACEPARENT_PATTERN = '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$';

/** The Kafka headers of every public event. */
export const KAFKA_HEADERS_SCHEMA = {
  type: 'object',
  required: ['content-type'],
  properties: {
    'content-type': { type: 'string', const: CLOUD_EVENT_CONTENT_TYPE },
    traceparent: {
      type: 'string',
      pattern: TRACEPARENT_PATTERN,
      description:
        'W3C Trace Context of the span that published the event, a child of the trace of the ' +
        'request that recorded it: a consumer that extracts it continues that trace. Present ' +
        'whenever the service runs with tracing on (OTEL_EXPORTER_OTLP_ENDPOINT).',
    },
    tracestate: {
      type: 'string',
      description: 'W3C Trace Context vendor state, sent with `traceparent` when there is any.',
    },
  },
};

const messageId = (category: PublishedCategory, type: string) => `${category.context}.${type}`;

/**
 * The AsyncAPI 3.0 description of the public topics, generated from the same list of published
 * types as the JSON Schemas in docs/events, which each message's payload references.
 */
export function generateAsyncApiDocument(
  events: AppEvents,
  schemas: EventSchemaFile[] = generateEventSchemas(events),
): Record<string, unknown> {
  const upcasters = new Upcasters(events.upcasters);
  const schemaOf = (path: string) => {
    const found = schemas.find((each) => each.path === path);
    if (!found) throw new Error(`No generated schema ${path}`);
    return found.schema;
  };
  const messages: Record<string, unknown> = {};
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  for (const category of events.published) {
    const channelMessages: Record<string, unknown> = {};
    for (const type of category.types) {
      const version = upcasters.latestVersion(type);
      const schemaPath = eventSchemaPath(category.context, type, version);
      const example = messageExample(schemaOf(schemaPath), category.key.example);
      messages[messageId(category, type)] = {
        name: publicEventType(category.context, type, version),
        title: `${type} v${version}`,
        contentType: CLOUD_EVENT_CONTENT_TYPE,
        correlationId: { $ref: '#/components/correlationIds/requestId' },
        headers: { $ref: '#/components/schemas/KafkaHeaders' },
        payload: { schemaFormat: JSON_SCHEMA_2020_12, schema: { $ref: `./events/${schemaPath}` } },
        examples: [
          {
            name: `${type}-v${version}`,
            summary: `A ${type} as the relay publishes it on ${publicTopic(category)}.`,
            headers: { 'content-type': CLOUD_EVENT_CONTENT_TYPE, traceparent: EXAMPLE_TRACEPARENT },
            payload: example.payload,
          },
        ],
        bindings: {
          kafka: {
            key: { type: 'string', description: category.key.description },
            bindingVersion: KAFKA_BINDING_VERSION,
          },
        },
      };
      channelMessages[type] = { $ref: `#/components/messages/${messageId(category, type)}` };
    }
    channels[category.context] = {
      address: publicTopic(category),
      title: publicTopic(category),
      description: `Every event of the ${category.streamPrefix}<id> streams, in stream order per key.`,
      messages: channelMessages,
      bindings: { kafka: { partitions: DEFAULT_PARTITIONS, bindingVersion: KAFKA_BINDING_VERSION } },
    };
    operations[`send-${category.context}-events`] = {
      action: 'send',
      title: `Publish ${publicTopic(category)}`,
      summary: `The public event relay publishes every ${category.streamPrefix}<id> event, at least once.`,
      channel: { $ref: `#/channels/${category.context}` },
      messages: category.types.map((type) => ({ $ref: `#/channels/${category.context}/messages/${type}` })),
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Shipping events',
      version: '1.0.0',
      description:
        'The domain events the shipping service publishes for other teams, as CloudEvents 1.0 in the ' +
        'structured content mode of the Kafka binding: the value is the whole event as JSON, the key ' +
        'is its `subject`. Delivery is at least once; consumers dedupe by `id` and order by `revision` ' +
        'per key. See docs/events/README.md.',
    },
    defaultContentType: CLOUD_EVENT_CONTENT_TYPE,
    servers: {
      production: {
        host: '{broker}',
        protocol: 'kafka-secure',
        description:
          `The cluster of KAFKA_BROKERS as production runs it: a \`SASL_SSL\` listener only, TLS with the ` +
          `brokers' certificates verified (KAFKA_SSL, KAFKA_SSL_CA_FILE; a client certificate when the ` +
          `brokers ask for mutual TLS) and a SCRAM user per deployment (KAFKA_SASL_MECHANISM, ` +
          `KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD); \`plain\` is refused. Topics are created with ` +
          `${DEFAULT_PARTITIONS} partitions (KAFKA_PARTITIONS), 3 replicas (KAFKA_REPLICATION_FACTOR) and min.insync.replicas 2 (KAFKA_MIN_INSYNC_REPLICAS). ` +
          'See docs/configuration.md, Kafka security.',
        variables: {
          broker: {
            description: 'One `host:port` of KAFKA_BROKERS.',
            examples: ['kafka-1.internal:9093'],
          },
        },
        security: [
          { $ref: '#/components/securitySchemes/scramSha512' },
          { $ref: '#/components/securitySchemes/scramSha256' },
        ],
      },
      local: {
        host: '127.0.0.1:19092',
        protocol: 'kafka',
        description:
          "The apps' default KAFKA_BROKERS outside production: a plaintext broker on loopback, for " +
          'sandbox mode only.',
      },
    },
    channels,
    operations,
    components: {
      messages,
      schemas: {
        KafkaHeaders: KAFKA_HEADERS_SCHEMA,
      },
      correlationIds: {
        requestId: {
          description:
            'The X-Request-Id of the HTTP request that started the work (`correlationid`, absent for ' +
            'work no request started); `causationid` names the request or message that caused this event.',
          location: '$message.payload#/correlationid',
        },
      },
      securitySchemes: {
        scramSha512: {
          type: 'scramSha512',
          description:
            'SASL/SCRAM-SHA-512 over TLS (`KAFKA_SASL_MECHANISM=scram-sha-512`), as production runs it.',
        },
        scramSha256: {
          type: 'scramSha256',
          description: 'SASL/SCRAM-SHA-256 over TLS (`KAFKA_SASL_MECHANISM=scram-sha-256`).',
        },
      },
    },
  };
}

export const asyncApiText = (document: Record<string, unknown>) =>
  `# Generated by apps/embedded/src/public-events/write-event-schemas.ts: do not edit.\n${stringify(document, { lineWidth: 0 })}`;
