import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { BatchModule } from '@shipping/batch-app';
import { GatewayModule, StoredApiKeyDirectory } from '@shipping/gateway-app';
import { LabelModule } from '@shipping/label-app';
import { OrderModule } from '@shipping/order-app';
import { PickupModule } from '@shipping/pickup-app';
import { subscriberSpecOf } from '@shipping/platform/subscriptions';
import { WebhookModule } from '@shipping/webhook-app';

function providersOf(module: Type, seen = new Set<Type>()): unknown[] {
  if (seen.has(module)) return [];
  seen.add(module);
  const imports: unknown[] = Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? [];
  const nested = imports.filter((imported): imported is Type => typeof imported === 'function');
  return [
    ...(Reflect.getMetadata(MODULE_METADATA.PROVIDERS, module) ?? []),
    ...nested.flatMap((child) => providersOf(child, seen)),
  ];
}

/** A `@Subscribes` class as the host would see its instance. */
const specOfClass = (provider: unknown) =>
  typeof provider === 'function' ? subscriberSpecOf(Object.create(provider.prototype as object)) : undefined;

describe('the event subscribers of every app', () => {
  const subscribers = [GatewayModule, OrderModule, PickupModule, BatchModule, LabelModule, WebhookModule]
    .flatMap((module) => providersOf(module))
    .concat(StoredApiKeyDirectory)
    .flatMap((provider) => {
      const spec = specOfClass(provider);
      return spec ? [{ name: spec.name, scope: spec.scope ?? 'one-instance' }] : [];
    });

  it('are the projections and process managers of every app, each declared once', () => {
    expect(subscribers.map((subscriber) => subscriber.name).sort()).toEqual([
      'batch.labeling',
      'batch.read-model',
      'batch.validation',
      'batch.webhook-notifications',
      'gateway.api-key-revocations',
      'gateway.api-keys',
      'order.accounts',
      'order.instant-ship-webhooks',
      'order.open-orders',
      'pickup.orders-view',
    ]);
  });

  it('share the work of their app except what keeps each process memory up to date', () => {
    const everyInstance = subscribers.filter((subscriber) => subscriber.scope === 'every-instance');
    expect(everyInstance.map((subscriber) => subscriber.name)).toEqual(['gateway.api-key-revocations']);
  });
});
