import type { Logger } from '@nestjs/common';
import type { Consumer } from 'kafkajs';

const REVIVE_DELAY_MS = 1_000;

/**
 * kafkajs restarts a crashed consumer only after errors it deems retriable; a broker restart can
 * crash one with an error it does not retry ("Failed to find group coordinator"), and the app
 * would stop taking messages for good. Such a consumer is connected and run again, every second,
 * until it runs (each failed try crashes it again, which schedules the next).
 */
export function keepConsuming(
  consumer: Consumer,
  run: () => Promise<void>,
  logger: Logger,
  closing: () => boolean,
): void {
  const revive = async () => {
    if (closing()) return;
    try {
      await consumer.connect();
      await run();
    } catch (error) {
      logger.warn(`A crashed Kafka consumer could not start again yet: ${String(error)}`);
      setTimeout(() => void revive(), REVIVE_DELAY_MS);
    }
  };
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (payload.restart || closing()) return;
    logger.warn(`Starting a crashed Kafka consumer again (${payload.error.message}).`);
    setTimeout(() => void revive(), REVIVE_DELAY_MS);
  });
}
