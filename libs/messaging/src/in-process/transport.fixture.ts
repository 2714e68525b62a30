import type { INestApplication, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { MESSAGE_CLIENT } from '../tokens';
import { connectMessageHandlers } from '../connect-message-handlers';
import { InProcessClient } from './in-process-client';
import { createInProcessServer, InProcessMessagingModule } from './in-process-messaging-module';

/** Wires a small app the way the embedded runtime does, for specs. */
export async function startMessagingApp(
  controllers: Type[],
  providers: Type[] = [],
): Promise<{ app: INestApplication; client: InProcessClient }> {
  const moduleRef = await Test.createTestingModule({
    imports: [InProcessMessagingModule.forRoot()],
    controllers,
    providers,
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  connectMessageHandlers(app, createInProcessServer(app));
  await app.init();
  await app.startAllMicroservices();
  return { app, client: app.get<InProcessClient>(MESSAGE_CLIENT) };
}

export interface Gate {
  readonly opened: Promise<void>;
  open(): void;
}

export function gate(): Gate {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Lets a few turns of the event loop pass: long enough for any in-process delivery to happen. */
export function settle(ms = 20): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `condition` holds, failing after about a second. */
export async function eventually(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (condition()) {
      return;
    }
    await settle(5);
  }
  throw new Error('The condition did not hold in time.');
}
