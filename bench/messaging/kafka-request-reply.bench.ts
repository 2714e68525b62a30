/**
 * bench/messaging: request/reply latency over the Kafka transport on a real local broker (started
 * with tools/kafka/broker.mjs): 1,000 requests one after another, then 2,000 with 20 in flight.
 * Run: node -r ./tools/ts-runtime/register.js bench/messaging/kafka-request-reply.bench.ts
 */
import 'reflect-metadata';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DEFAULT_PARTITIONS, keyed, sendRequest } from '@shipping/messaging';
import { startKafkaApp } from '../../libs/messaging/src/kafka/kafka-app.fixture';
import { startKafkaBroker } from '../../libs/messaging/src/kafka/kafka-broker.fixture';

@Controller()
class EchoController {
  @MessagePattern('order.echo')
  echo(@Payload() payload: { n: number }) {
    return payload;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function main(): Promise<void> {
  const broker = await startKafkaBroker();
  const order = await startKafkaApp({ app: 'order', brokers: broker.brokers }, [EchoController]);
  const gateway = await startKafkaApp({ app: 'gateway', brokers: broker.brokers });
  try {
    await gateway.client.connect();
    const ask = (n: number) => sendRequest(gateway.client, 'order.echo', keyed(`order-${n % 50}`, { n }));
    for (let n = 0; n < 200; n++) await ask(n);

    const latencies: number[] = [];
    for (let n = 0; n < 1_000; n++) {
      const started = process.hrtime.bigint();
      await ask(n);
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    latencies.sort((a, b) => a - b);

    const inFlight = 20;
    const total = 2_000;
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < total) await ask(next++);
      }),
    );
    const seconds = (Date.now() - started) / 1000;

    console.log(
      `bench/messaging: request/reply over Kafka (one broker on loopback, ${DEFAULT_PARTITIONS} partitions, JSON echo)`,
    );
    console.log(
      `  sequential  p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms   max ${latencies[latencies.length - 1].toFixed(1)} ms`,
    );
    console.log(`  ${inFlight} in flight  ${(total / seconds).toFixed(0)} requests/s`);
  } finally {
    await gateway.app.close();
    await order.app.close();
    await broker.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
