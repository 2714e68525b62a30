import type { INestApplication } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** Where an app that serves the HTTP API listens unless PORT and HOST say otherwise. */
export const DEFAULT_HTTP_PORT = 3000;
/** Listeners answer on the loopback address unless told otherwise; containers set 0.0.0.0. */
export const LOOPBACK_HOST = '127.0.0.1';

/** Where an app without HTTP of its own serves /metrics and /health/* unless METRICS_PORT says otherwise. */
export const DEFAULT_METRICS_PORTS: Record<string, number> = {
  order: 9101,
  pickup: 9102,
  batch: 9103,
  label: 9104,
  webhook: 9105,
};

/** The decorators in the order they would be applied if written above the property. */
const applied =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    [...decorators].reverse().forEach((decorator) => decorator(target, key));

/** A TCP port variable (`PORT`, `METRICS_PORT`): an integer from 0 (a free port) to 65535. */
export function PortVariable(options: { optional?: boolean } = {}): PropertyDecorator {
  return (target, key) =>
    applied(
      ...(options.optional ? [IsOptional()] : []),
      Type(() => Number),
      IsInt({ message: `${String(key)} must be an integer` }),
      Min(0),
      Max(65535),
    )(target, key);
}

/** The HTTP API's address: `PORT` and `HOST`, declared by each config that serves it. */
export interface HttpListenerConfig {
  PORT: number;
  HOST: string;
}

export const HostVariable = (): PropertyDecorator => IsString();

/** Serves the app on PORT and HOST and logs the address it answers on. */
export async function listenOnConfiguredPort(
  app: INestApplication,
  config: HttpListenerConfig,
): Promise<void> {
  await app.listen(config.PORT, config.HOST);
  process.stdout.write(`${JSON.stringify({ level: 30, msg: 'listening', url: await app.getUrl() })}\n`);
}
