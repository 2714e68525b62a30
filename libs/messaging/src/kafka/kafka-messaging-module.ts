import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { MESSAGE_CLIENT } from '../tokens';
import { KafkaClient } from './kafka-client';
import type { KafkaTransportOptions } from './kafka-options';
import { KafkaServer } from './kafka-server';

export const KAFKA_TRANSPORT_OPTIONS = Symbol('KAFKA_TRANSPORT_OPTIONS');

/** A distributed app's messaging: MESSAGE_CLIENT over Kafka for every module to inject. */
@Module({})
export class KafkaMessagingModule {
  static forRoot(options: KafkaTransportOptions): DynamicModule {
    return {
      module: KafkaMessagingModule,
      global: true,
      providers: [
        { provide: KAFKA_TRANSPORT_OPTIONS, useValue: options },
        { provide: MESSAGE_CLIENT, useFactory: () => new KafkaClient(options) },
      ],
      exports: [KAFKA_TRANSPORT_OPTIONS, MESSAGE_CLIENT],
    };
  }
}

/** The server strategy for `connectMessageHandlers(app, strategy)`, with the app's Kafka options. */
export function createKafkaServer(app: INestApplicationContext): KafkaServer {
  return new KafkaServer(app.get<KafkaTransportOptions>(KAFKA_TRANSPORT_OPTIONS));
}
