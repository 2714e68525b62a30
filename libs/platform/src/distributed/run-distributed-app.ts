import 'reflect-metadata';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { type AbstractHttpAdapter, NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { connectMessageHandlers, createKafkaServer, KafkaMessagingModule } from '@shipping/messaging';
import { DataFolderInUse } from '../storage/data-folder-lock';
import { StorageModule } from '../storage/storage.module';
import { ClockModule } from '../clock/clock.module';
import { claimOwnDatabase } from './own-database';
import { EventSubscribersModule } from '../subscriptions/event-subscribers.module';
import { type AppEvents, NO_APP_EVENTS } from '../public-events/app-events';
import { checkEnvironment, type EnvReader } from '../config/app-environment';
import { ConfigurationError, validateConfig } from '../config/validate-config';
import { DEFAULT_METRICS_PORTS } from '../config/http-listener';
import { type DistributedConfig, kafkaConnection } from './distributed-config';
import { ObservabilityModule, READINESS } from '../observability/observability.module';
import { listenForObservability } from '../observability/observability-server';
import type { Readiness } from '../observability/readiness';
import { readTracingEnvironment, startTracing } from '../observability/tracing';
import { waitForTurnToListen } from './shared-port';
import { stopGracefullyOn } from '../lifecycle/graceful-stop';
import { useLeanAsyncResourceBind } from '../lifecycle/lean-async-resource-bind';

export interface DistributedApp<Config extends DistributedConfig> {
  /** The app's name: its consumer group and replies topic are named after it. */
  name: string;
  module: Type | DynamicModule;
  /** The events the app stores: the upcasters its store reads them with, and those it publishes. */
  events?: AppEvents;
  config: new () => Config;
  /** The app's other environment readers (see AppEnvironment): checked at start with the config. */
  readers?: readonly EnvReader[];
  /** HTTP middleware must be in place before the routes are, so before init. */
  configure?: (app: INestApplication, config: Config) => void;
  /** Serves HTTP (the gateway, with its metrics and health); other apps only answer messages. */
  listen?: (app: INestApplication, config: Config) => Promise<void>;
  /** The HTTP server of an app that serves HTTP (the gateway's, with its options); by default a plain Fastify. */
  httpAdapter?: () => AbstractHttpAdapter;
  /** Whether Nest parses request bodies itself (the gateway parses its own). */
  bodyParser?: boolean;
}

/**
 * One app in its own process: its module on its own store, its handlers served from Kafka, and a
 * clean stop on SIGTERM. An invalid environment stops it at once with a message naming the variable.
 */
export function runDistributedApp<Config extends DistributedConfig>(spec: DistributedApp<Config>): void {
  start(spec).catch((error: unknown) => {
    process.stderr.write(
      error instanceof ConfigurationError || error instanceof DataFolderInUse
        ? `${error.message}\n`
        : `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}

async function start<Config extends DistributedConfig>(spec: DistributedApp<Config>): Promise<void> {
  useLeanAsyncResourceBind();
  const warnings = checkEnvironment(
    { config: spec.config, readers: [...(spec.readers ?? []), readTracingEnvironment] },
    process.env,
  );
  for (const warning of warnings)
    process.stdout.write(`${JSON.stringify({ level: 40, msg: warning, app: spec.name })}\n`);
  const config = validateConfig(spec.config);
  const tracing = await startTracing(spec.name);
  await claimOwnDatabase(spec.name, config);
  const kafka = kafkaConnection(config);
  const events = spec.events ?? NO_APP_EVENTS;
  const messaging = KafkaMessagingModule.forRoot({
    app: spec.name,
    ...kafka,
    partitions: config.KAFKA_PARTITIONS,
  });
  // Each subscriber a consumer group on the app's stored events; the relays run on one instance.
  const subscribers = EventSubscribersModule.forRoot({
    partitioned: {
      app: spec.name,
      kafka,
      partitions: config.KAFKA_PARTITIONS,
      categories: events.published,
    },
  });
  const app = await NestFactory.create(
    {
      module: class DistributedRoot {},
      imports: [
        StorageModule.forRoot(config, events.upcasters),
        ClockModule,
        ObservabilityModule.forRoot(),
        messaging,
        subscribers,
        spec.module,
      ],
    },
    spec.httpAdapter?.() ?? new FastifyAdapter(),
    { bodyParser: spec.bodyParser ?? true, bufferLogs: true, abortOnError: false },
  );
  spec.configure?.(app, config);
  const server = createKafkaServer(app);
  connectMessageHandlers(app, server);
  app.get<Readiness>(READINESS).add({ name: 'kafka', check: () => server.brokerAnswers() });
  await app.init();
  await app.startAllMicroservices();
  let metrics: { port: number; close(): Promise<void> } | undefined;
  if (spec.listen) {
    await waitForTurnToListen(app.get<Readiness>(READINESS), ({ checks }) =>
      process.stdout.write(
        `${JSON.stringify({ level: 40, msg: 'not ready to take requests yet', app: spec.name, checks })}\n`,
      ),
    );
    await spec.listen(app, config);
  } else {
    const port = config.METRICS_PORT ?? DEFAULT_METRICS_PORTS[spec.name] ?? 0;
    metrics = await listenForObservability(app.get<Readiness>(READINESS), port, config.METRICS_HOST);
  }
  process.stdout.write(
    `${JSON.stringify({ level: 30, msg: 'started', app: spec.name, brokers: config.KAFKA_BROKERS, metricsPort: metrics?.port })}\n`,
  );
  stopGracefullyOn(['SIGTERM', 'SIGINT'], async () => {
    await app.close();
    await metrics?.close();
    await tracing.shutdown();
  });
}
