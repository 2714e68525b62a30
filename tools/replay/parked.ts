import { type ParkedEvent, ParkedEvents } from '@shipping/platform/subscriptions';
import type { SqlClient } from '@shipping/event-store';

export interface ParkedOptions {
  subscription?: string;
  event?: string;
  json: boolean;
}

const bigintsAsText = (_: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

const line = (parked: ParkedEvent) =>
  [
    parked.parkedAt.toISOString(),
    parked.subscription,
    parked.event.id,
    `${parked.event.type} #${parked.event.revision} of ${parked.event.streamName}`,
    `attempts ${parked.attempts}${parked.retryRequested ? ', retry asked' : ''}`,
    parked.behind ? `behind ${parked.behind}` : parked.error,
  ].join('  ');

/** `parked list`: the parked events, oldest first; `parked retry`: asks the running apps to retry them. */
export async function parked(sql: SqlClient, action: string, options: ParkedOptions): Promise<number> {
  const store = new ParkedEvents(sql);
  await store.init();
  if (action === 'list') {
    const events = await store.list(options.subscription);
    if (options.json) process.stdout.write(`${JSON.stringify(events, bigintsAsText, 2)}\n`);
    else {
      for (const event of events) process.stdout.write(`${line(event)}\n`);
      process.stdout.write(`${events.length} parked events\n`);
    }
    return 0;
  }
  const asked = await store.requestRetry({ subscription: options.subscription, eventId: options.event });
  process.stdout.write(
    `${asked} parked events to retry: the running app hands them over again within seconds, in order; ` +
      `those that fail again stay parked (see parked list)\n`,
  );
  return asked === 0 ? 1 : 0;
}
