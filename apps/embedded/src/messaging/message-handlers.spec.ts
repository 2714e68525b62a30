import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA, MODULE_METADATA } from '@nestjs/common/constants';
import { PATTERN_HANDLER_METADATA, PATTERN_METADATA } from '@nestjs/microservices/constants';
import { BatchModule } from '@shipping/batch-app';
import {
  BatchPatterns,
  LabelPatterns,
  OrderPatterns,
  PickupPatterns,
  WebhookPatterns,
} from '@shipping/contracts';
import { LabelModule } from '@shipping/label-app';
import { OrderModule } from '@shipping/order-app';
import { PickupModule } from '@shipping/pickup-app';
import { IdempotentRequestsInterceptor, MESSAGE_HANDLER_KIND } from '@shipping/platform/idempotency';
import { WebhookModule } from '@shipping/webhook-app';

/** Nest's mark of a `@MessagePattern` handler (events are `2`). */
const REQUEST_HANDLER = 1;

interface RequestHandler {
  name: string;
  pattern: string;
  kind: unknown;
  interceptors: unknown[];
}

function controllersOf(module: Type, seen = new Set<Type>()): Type[] {
  if (seen.has(module)) return [];
  seen.add(module);
  const imports: unknown[] = Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? [];
  const nested = imports.filter((imported): imported is Type => typeof imported === 'function');
  return [
    ...(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? []),
    ...nested.flatMap((child) => controllersOf(child, seen)),
  ];
}

function requestHandlersOf(controller: Type): RequestHandler[] {
  const prototype = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(prototype)
    .map((name) => ({ name, method: prototype[name] }))
    .filter(
      ({ method }) =>
        typeof method === 'function' &&
        Reflect.getMetadata(PATTERN_HANDLER_METADATA, method as object) === REQUEST_HANDLER,
    )
    .map(({ name, method }) => ({
      name: `${controller.name}.${name}`,
      pattern: String((Reflect.getMetadata(PATTERN_METADATA, method as object) as unknown[])[0]),
      kind: Reflect.getMetadata(MESSAGE_HANDLER_KIND, method as object),
      interceptors: Reflect.getMetadata(INTERCEPTORS_METADATA, method as object) ?? [],
    }));
}

describe('the request handlers of every app', () => {
  const handlers = [OrderModule, PickupModule, BatchModule, LabelModule, WebhookModule]
    .flatMap((module) => controllersOf(module))
    .flatMap(requestHandlersOf);

  it('finds the handlers of every app', () => {
    const patterns = handlers.map((handler) => handler.pattern);
    expect(patterns).toEqual(
      expect.arrayContaining([
        BatchPatterns.create,
        BatchPatterns.get,
        LabelPatterns.purchase,
        OrderPatterns.saveFreightOrder,
        PickupPatterns.savePickupOrder,
        WebhookPatterns.register,
      ]),
    );
  });

  it('are each declared a command or a query, so no state-changing handler runs without idempotency', () => {
    const undeclared = handlers.filter((handler) => handler.kind !== 'command' && handler.kind !== 'query');
    expect(undeclared.map((handler) => handler.name)).toEqual([]);
  });

  it('run commands behind the idempotency interceptor and queries behind none', () => {
    for (const handler of handlers) {
      expect({ handler: handler.name, interceptors: handler.interceptors }).toEqual({
        handler: handler.name,
        interceptors: handler.kind === 'command' ? [IdempotentRequestsInterceptor] : [],
      });
    }
  });
});
