import type { MessageHandler } from '@nestjs/microservices';
import { servedHandler } from './served-handler';

const handlerFor = (isEventHandler: boolean): MessageHandler =>
  Object.assign(async () => 'answered', { isEventHandler }) as unknown as MessageHandler;

describe('the handler a server runs for a pattern', () => {
  const event = handlerFor(true);
  const request = handlerFor(false);
  const handlers = new Map([
    ['batch.item-validated', event],
    ['batch.create', request],
  ]);

  it("finds a plain pattern among the handlers' keys without Nest's lookup", async () => {
    const nestLookup = jest.fn(() => null);

    expect(servedHandler(handlers, 'batch.item-validated', nestLookup)).toBe(event);
    const served = servedHandler(handlers, 'batch.create', nestLookup);
    expect(served).not.toBeNull();
    await expect(served?.({}, undefined)).resolves.toBe('answered');
    expect(servedHandler(handlers, 'batch.create', nestLookup)).toBe(served);
    expect(nestLookup).not.toHaveBeenCalled();
  });

  it("has none for another app's plain pattern, still without Nest's lookup", () => {
    const nestLookup = jest.fn(() => event);

    expect(servedHandler(handlers, 'order.create', nestLookup)).toBeNull();
    expect(nestLookup).not.toHaveBeenCalled();
  });

  it("leaves a pattern written as JSON to Nest's lookup", () => {
    const nestLookup = jest.fn(() => event);

    expect(servedHandler(handlers, '{"cmd":"sum"}', nestLookup)).toBe(event);
    expect(servedHandler(handlers, '"batch.create"', nestLookup)).toBe(event);
    expect(nestLookup).toHaveBeenCalledTimes(2);
  });
});
