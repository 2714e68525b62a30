import type { INestApplication, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { connectMessageHandlers } from '../connect-message-handlers';
import { MESSAGE_CLIENT } from '../tokens';
import type { KafkaClient } from './kafka-client';
import { createKafkaServer, KafkaMessagingModule } from './kafka-messaging-module';
import type { KafkaTransportOptions } from './kafka-options';

/** Wires a small app the way a distributed app's main.ts does, for specs. */
export async function startKafkaApp(
  options: KafkaTransportOptions,
  controllers: Type[] = [],
  providers: Type[] = [],
): Promise<{ app: INestApplication; client: KafkaClient }> {
  const moduleRef = await Test.createTestingModule({
    imports: [KafkaMessagingModule.forRoot(options)],
    controllers,
    providers,
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  if (controllers.length > 0) {
    connectMessageHandlers(app, createKafkaServer(app));
  }
  await app.init();
  await app.startAllMicroservices();
  return { app, client: app.get<KafkaClient>(MESSAGE_CLIENT) };
}
