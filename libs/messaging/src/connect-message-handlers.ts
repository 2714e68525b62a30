import type { INestApplication, INestMicroservice } from '@nestjs/common';
import {
  type CustomTransportStrategy,
  type MicroserviceOptions,
  NestMicroservice,
} from '@nestjs/microservices';
import { AppErrorRpcFilter } from './errors/app-error-rpc-filter';

/**
 * Serves the app's `@MessagePattern`/`@EventPattern` handlers over `strategy`, every one behind
 * AppErrorRpcFilter; start them with `app.startAllMicroservices()`. A hybrid app binds handlers
 * as soon as `connectMicroservice` returns, so filters added afterwards are silently ignored, and
 * inheriting the HTTP app's config would hand RPC errors to HTTP filters. Binding is deferred to
 * `listen` instead, with the init hooks marked done: the app runs them, and they must run once.
 */
export function connectMessageHandlers(
  app: INestApplication,
  strategy: CustomTransportStrategy,
): INestMicroservice {
  const microservice = app.connectMicroservice<MicroserviceOptions>(
    { strategy },
    { deferInitialization: true },
  );
  if (microservice instanceof NestMicroservice) {
    microservice.setIsInitHookCalled(true);
  }
  return microservice.useGlobalFilters(new AppErrorRpcFilter());
}
