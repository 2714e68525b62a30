import { Controller, type INestApplication, Injectable, type Type } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { connectMessageHandlers } from '../connect-message-handlers';
import { emitEvent, sendRequest } from '../errors/send-request';
import { InProcessBroker } from './in-process-broker';
import { InProcessClient } from './in-process-client';
import { InProcessServer } from './in-process-server';
import { eventually, settle } from './transport.fixture';

@Injectable()
class Inbox {
  readonly received: string[] = [];
}

@Controller()
class BatchProjection {
  constructor(private readonly inbox: Inbox) {}

  @EventPattern('batch.created')
  created(@Payload() event: { id: string }): void {
    this.inbox.received.push(event.id);
  }
}

@Controller()
class BatchQueries {
  constructor(private readonly inbox: Inbox) {}

  @MessagePattern('batch.get')
  get(@Payload() query: { id: string }) {
    return { id: query.id };
  }

  @EventPattern('batch.created')
  created(@Payload() event: { id: string }): void {
    this.inbox.received.push(event.id);
  }
}

describe('InProcessBroker shared by several servers', () => {
  const broker = new InProcessBroker();
  const client = new InProcessClient(broker);
  const apps: INestApplication[] = [];

  /** One more app on the shared broker, as if it were its own process on the same Kafka cluster. */
  async function appOn(controllers: Type[]): Promise<INestApplication> {
    const moduleRef = await Test.createTestingModule({ controllers, providers: [Inbox] }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    connectMessageHandlers(app, new InProcessServer(broker));
    await app.init();
    apps.push(app);
    return app;
  }

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('gives every server its own copy of each event, like one consumer group each', async () => {
    const first = await appOn([BatchProjection]);
    const second = await appOn([BatchProjection]);
    await first.startAllMicroservices();
    await second.startAllMicroservices();

    await emitEvent(client, 'batch.created', { id: 'b-1' });

    await eventually(() => first.get(Inbox).received.length === 1 && second.get(Inbox).received.length === 1);
    expect([first.get(Inbox).received, second.get(Inbox).received]).toEqual([['b-1'], ['b-1']]);
  });

  it('refuses a second server for a request pattern, leaving none of its handlers behind', async () => {
    const first = await appOn([BatchQueries]);
    const second = await appOn([BatchQueries]);
    await first.startAllMicroservices();

    await expect(second.startAllMicroservices()).rejects.toThrow('"batch.get" is already registered');

    await emitEvent(client, 'batch.created', { id: 'b-2' });
    await eventually(() => first.get(Inbox).received.length === 1);
    await settle();
    expect(second.get(Inbox).received).toEqual([]);
    await expect(sendRequest(client, 'batch.get', { id: 'b-2' })).resolves.toEqual({ id: 'b-2' });
  });

  it('lets another server answer a request pattern once the first one closed', async () => {
    const first = await appOn([BatchQueries]);
    await first.startAllMicroservices();
    await first.close();
    const second = await appOn([BatchQueries]);

    await second.startAllMicroservices();

    await expect(sendRequest(client, 'batch.get', { id: 'b-3' })).resolves.toEqual({ id: 'b-3' });
  });
});
