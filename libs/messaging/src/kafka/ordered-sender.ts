import type { Message, Producer, TopicMessages } from 'kafkajs';

/** Kafka refuses a record batch over the topic's max.message.bytes, so one send never carries more than one big payload. */
const BATCH_BYTES = 1024 * 1024;

interface Queued {
  topic: string;
  message: Message;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Sends messages in the order they were handed over. Concurrent `producer.send` calls may overtake
 * one another (each refreshes metadata on its own), which would reorder one key's messages; here
 * whatever queued up while a send was under way leaves in the next one, as one batch.
 */
export class OrderedSender {
  private queue: Queued[] = [];
  private sending = false;

  constructor(
    private readonly producer: () => Producer,
    private readonly beforeSend: (topics: string[]) => Promise<void>,
  ) {}

  send(topic: string, message: Message): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ topic, message, resolve, reject });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.sending) {
      return;
    }
    this.sending = true;
    while (this.queue.length > 0) {
      const batch = this.takeBatch();
      try {
        const byTopic = new Map<string, Message[]>();
        for (const { topic, message } of batch) {
          byTopic.set(topic, [...(byTopic.get(topic) ?? []), message]);
        }
        await this.beforeSend([...byTopic.keys()]);
        const topicMessages: TopicMessages[] = [...byTopic].map(([topic, messages]) => ({ topic, messages }));
        await this.producer().sendBatch({ topicMessages });
        batch.forEach((queued) => queued.resolve());
      } catch (error) {
        batch.forEach((queued) => queued.reject(error));
      }
    }
    this.sending = false;
  }

  private takeBatch(): Queued[] {
    let bytes = 0;
    let count = 0;
    while (count < this.queue.length) {
      bytes += this.queue[count].message.value?.length ?? 0;
      if (count > 0 && bytes > BATCH_BYTES) {
        break;
      }
      count++;
    }
    return this.queue.splice(0, count);
  }
}
