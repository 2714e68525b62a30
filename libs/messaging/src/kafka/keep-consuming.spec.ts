import { Logger } from '@nestjs/common';
import type { Consumer } from 'kafkajs';
import { keepConsuming } from './keep-consuming';

/** Just enough of a kafkajs consumer to crash it: its CRASH listeners and how often it was started. */
function crashableConsumer(failingStarts = 0) {
  const listeners: ((event: { payload: { error: Error; restart: boolean } }) => void)[] = [];
  const consumer = {
    events: { CRASH: 'consumer.crash' },
    on: (_event: string, listener: (typeof listeners)[number]) => listeners.push(listener),
    connect: jest.fn(async () => undefined),
  };
  let runs = 0;
  const run = jest.fn(async () => {
    runs++;
    if (runs <= failingStarts) throw new Error('broker still starting');
  });
  const crash = (restart: boolean) =>
    listeners.forEach((listener) =>
      listener({ payload: { error: new Error('Failed to find group coordinator'), restart } }),
    );
  return { consumer: consumer as unknown as Consumer, run, crash, connects: consumer.connect };
}

describe('a Kafka consumer that kafkajs gave up on', () => {
  const logger = new Logger('spec');
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.useRealTimers());

  it('is connected and run again after a crash kafkajs does not restart, until it runs', async () => {
    const { consumer, run, crash, connects } = crashableConsumer(1);
    keepConsuming(consumer, run, logger, () => false);

    crash(false);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(connects).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('leaves crashes kafkajs restarts itself, and any crash while the app closes', async () => {
    const { consumer, run, crash } = crashableConsumer();
    let closing = false;
    keepConsuming(consumer, run, logger, () => closing);

    crash(true);
    await jest.advanceTimersByTimeAsync(2_000);
    closing = true;
    crash(false);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(run).not.toHaveBeenCalled();
  });
});
