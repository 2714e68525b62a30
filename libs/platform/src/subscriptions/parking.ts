import type { Logger } from '@nestjs/common';
import type { EventHandling, SqlClient } from '@shipping/event-store';
import { EventParking } from './event-parking';
import { ParkedEvents } from './parked-events';

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface ParkingOptions {
  /** Failed attempts on one event before it is parked. */
  maxAttempts?: number;
  /** How often parked events an operator asked to retry are looked for. */
  parkedRetryPollMs?: number;
}

export interface RunningParking {
  /** Hands events over; throws while an event fails fewer than `maxAttempts` times, then parks it. */
  handle: EventParking['handle'];
  /** Streams parked by other instances since this one looked: after its partitions moved, say. */
  reload(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The parking of one subscriber (EventParking over the app's `parked_events`), and the poll that
 * hands over again, in order, the parked events an operator asked to retry.
 */
export async function startParking(
  sql: SqlClient,
  name: string,
  handling: EventHandling,
  logger: Logger,
  options: ParkingOptions = {},
): Promise<RunningParking> {
  const parkedEvents = new ParkedEvents(sql);
  await parkedEvents.init();
  const parking = new EventParking(
    parkedEvents,
    name,
    handling,
    logger,
    options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  );
  await parking.load();
  let retrying: Promise<void> | undefined;
  const retryPoll = setInterval(() => {
    retrying ??= parking
      .retryRequested()
      .catch((error: unknown) =>
        logger.error({ err: error }, `subscription ${name} could not retry parked events`),
      )
      .finally(() => (retrying = undefined));
  }, options.parkedRetryPollMs ?? 5_000);
  retryPoll.unref();
  return {
    handle: (events) => parking.handle(events),
    reload: () => parking.load(),
    stop: async () => {
      clearInterval(retryPoll);
      await retrying;
    },
  };
}
