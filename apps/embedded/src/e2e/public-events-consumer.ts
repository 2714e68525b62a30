import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { type Consumer, Kafka, logLevel } from 'kafkajs';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@shipping/testing';

/** What another team sees: the message as it came off the broker. */
export interface ConsumedMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string | undefined;
  headers: Record<string, string>;
  event: Record<string, any>;
}

/**
 * A plain kafkajs consumer in its own group, from the beginning of the topics. The relay creates a
 * topic when it first publishes to it, which may still be under way: subscribing to a topic the
 * broker does not serve yet fails, so the subscription is tried again until every topic is there.
 */
export async function consumeTopics(brokers: string[], topics: string[]) {
  const kafka = new Kafka({ clientId: 'contract-test', brokers, logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `contract-test-${Date.now()}`, maxWaitTimeInMs: 200 });
  const messages: ConsumedMessage[] = [];
  await consumer.connect();
  await subscribeOnceServed(consumer, topics);
  await consumer.run({
    eachMessage: async ({ topic, partition, message }) => {
      const headers = Object.fromEntries(
        Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]),
      );
      messages.push({
        topic,
        partition,
        offset: message.offset,
        key: message.key?.toString(),
        headers,
        event: JSON.parse(String(message.value)),
      });
    },
  });
  return { messages, stop: () => consumer.disconnect() };
}

async function subscribeOnceServed(consumer: Consumer, topics: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await consumer.subscribe({ topics, fromBeginning: true });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Every schema under docs/events, by `$id`: the `dataschema` of each event names its own. */
export function schemaValidators(): Map<string, ValidateFunction> {
  const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
  const validators = new Map<string, ValidateFunction>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.schema.json')) {
        const schema = JSON.parse(readFileSync(path, 'utf8'));
        validators.set(schema.$id, ajv.compile(schema));
      }
    }
  };
  walk(join(REPO_ROOT, 'docs/events'));
  return validators;
}
