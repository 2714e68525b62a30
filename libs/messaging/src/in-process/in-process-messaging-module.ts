import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { MESSAGE_CLIENT } from '../tokens';
import { InProcessBroker } from './in-process-broker';
import { InProcessClient } from './in-process-client';
import { InProcessServer } from './in-process-server';

/** The embedded runtime's messaging: one broker, and MESSAGE_CLIENT for every module to inject. */
@Module({})
export class InProcessMessagingModule {
  static forRoot(): DynamicModule {
    return {
      module: InProcessMessagingModule,
      global: true,
      providers: [
        InProcessBroker,
        {
          provide: MESSAGE_CLIENT,
          useFactory: (broker: InProcessBroker) => new InProcessClient(broker),
          inject: [InProcessBroker],
        },
      ],
      exports: [InProcessBroker, MESSAGE_CLIENT],
    };
  }
}

/** The server strategy for `app.connectMicroservice({ strategy })`, on the app's own broker. */
export function createInProcessServer(app: INestApplicationContext): InProcessServer {
  return new InProcessServer(app.get(InProcessBroker));
}
