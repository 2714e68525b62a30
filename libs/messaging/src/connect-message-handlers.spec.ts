import { Controller, Injectable, type OnModuleInit } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { NotFound } from '@shipping/contracts';
import { MESSAGE_CLIENT } from './tokens';
import { connectMessageHandlers } from './connect-message-handlers';
import { sendRequest } from './errors/send-request';
import type { InProcessClient } from './in-process/in-process-client';
import { createInProcessServer, InProcessMessagingModule } from './in-process/in-process-messaging-module';

@Injectable()
class Schema implements OnModuleInit {
  migrations = 0;

  onModuleInit(): void {
    this.migrations++;
  }
}

@Controller()
class LookupController {
  constructor(private readonly schema: Schema) {}

  @MessagePattern('account.lookup')
  lookup(): never {
    throw new NotFound(`Account not found after ${this.schema.migrations} migration(s).`);
  }
}

describe('connectMessageHandlers', () => {
  it.each([
    ['after', true],
    ['before', false],
  ])(
    'runs init hooks once and puts AppErrorRpcFilter on every handler, started %s app.init()',
    async (_, initFirst) => {
      const moduleRef = await Test.createTestingModule({
        imports: [InProcessMessagingModule.forRoot()],
        controllers: [LookupController],
        providers: [Schema],
      }).compile();
      const app = moduleRef.createNestApplication({ logger: false });
      connectMessageHandlers(app, createInProcessServer(app));
      if (initFirst) {
        await app.init();
      }
      await app.startAllMicroservices();
      await app.init();

      const failure = sendRequest(app.get<InProcessClient>(MESSAGE_CLIENT), 'account.lookup', {});

      await expect(failure).rejects.toMatchObject({
        code: 'not_found',
        message: 'Account not found after 1 migration(s).',
      });
      expect(app.get(Schema).migrations).toBe(1);
      await app.close();
    },
  );
});
