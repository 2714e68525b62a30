import { Controller, type INestApplication, Injectable, Logger } from '@nestjs/common';
import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@shipping/contracts';
import { defer, lastValueFrom, type Observable, of, toArray } from 'rxjs';
import { emitEvent, sendRequest } from '../errors/send-request';
import { keyed } from '../keyed-message';
import { InProcessClient } from './in-process-client';
import { InProcessContext } from './in-process-context';
import { eventually, type Gate, gate, settle, startMessagingApp } from './transport.fixture';

interface FreightDraft {
  reference: string;
  shipDate: Date | string;
  items: string[];
}

interface OrderEvent {
  id: string;
  at?: Date | string;
}

@Injectable()
class Journal {
  readonly entries: string[] = [];
  readonly gates = new Map<string, Gate>();
  readonly cachedQuote = { cents: 1250, lines: ['base'] };

  add(entry: string): void {
    this.entries.push(entry);
  }
}

@Controller()
class FailingAuditConsumer {
  constructor(private readonly journal: Journal) {}

  @EventPattern('order.created')
  created(@Payload() event: OrderEvent): void {
    this.journal.add(`audit:${event.id}`);
  }

  @EventPattern('order.cancelled')
  cancelled(): void {
    throw new Error('audit store is down');
  }
}

@Controller()
class ProjectionConsumer {
  constructor(private readonly journal: Journal) {}

  /** An Observable runs only when subscribed: proves the transport subscribes to what handlers return. */
  @EventPattern('order.created')
  created(@Payload() event: OrderEvent): Observable<void> {
    return defer(() => {
      this.journal.add(`projection:${event.id}:${typeof event.at}`);
      return of(undefined);
    });
  }

  @EventPattern('order.cancelled')
  cancelled(@Payload() event: OrderEvent): void {
    this.journal.add(`projection-cancelled:${event.id}`);
  }

  @EventPattern('order.shipped')
  async shipped(@Payload() event: OrderEvent): Promise<void> {
    this.journal.add(`start:${event.id}`);
    await this.journal.gates.get(event.id)?.opened;
    this.journal.add(`end:${event.id}`);
  }
}

@Controller()
class OrdersController {
  constructor(private readonly journal: Journal) {}

  @MessagePattern('order.freight.create')
  create(@Payload() draft: FreightDraft, @Ctx() context: InProcessContext) {
    const seen = {
      reference: draft.reference,
      shipDate: draft.shipDate,
      shipDateIsString: typeof draft.shipDate === 'string',
      pattern: context.getPattern(),
    };
    draft.reference = 'changed by the handler';
    draft.items.push('added by the handler');
    this.journal.add('created');
    return seen;
  }

  @MessagePattern('order.quote.cached')
  cachedQuote() {
    return this.journal.cachedQuote;
  }

  @MessagePattern('order.quote.steps')
  quoteSteps() {
    return of(1, 2, 3);
  }

  @MessagePattern('order.quote.slow')
  async slowQuote() {
    await this.journal.gates.get('quote')?.opened;
    return { cents: 1 };
  }
}

describe('InProcessServer and InProcessClient', () => {
  let app: INestApplication;
  let client: InProcessClient;
  let journal: Journal;
  let logged: jest.SpyInstance;

  beforeEach(async () => {
    logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    ({ app, client } = await startMessagingApp(
      [FailingAuditConsumer, ProjectionConsumer, OrdersController],
      [Journal],
    ));
    journal = app.get(Journal);
  });

  afterEach(async () => {
    journal.gates.forEach((held) => held.open());
    await app.close();
    jest.restoreAllMocks();
  });

  describe('request/reply', () => {
    it('replies with what the @MessagePattern handler returned, and runs it on a later turn', async () => {
      const draft = { reference: 'PO-1', shipDate: '2030-01-02', items: [] };

      const reply = sendRequest(client, 'order.freight.create', draft);
      expect(journal.entries).toEqual([]);

      await expect(reply).resolves.toEqual({
        reference: 'PO-1',
        shipDate: '2030-01-02',
        shipDateIsString: true,
        pattern: 'order.freight.create',
      });
      expect(journal.entries).toEqual(['created']);
    });

    it('hands the handler a JSON copy: its mutations never reach the caller, and a Date arrives as a string', async () => {
      const shipDate = new Date('2030-01-02T03:04:05.000Z');
      const draft: FreightDraft = { reference: 'PO-2', shipDate, items: ['pallet'] };

      const seen = await sendRequest<{ shipDate: unknown; shipDateIsString: boolean }>(
        client,
        'order.freight.create',
        draft,
      );

      expect(seen).toMatchObject({ shipDate: '2030-01-02T03:04:05.000Z', shipDateIsString: true });
      expect(draft).toEqual({ reference: 'PO-2', shipDate, items: ['pallet'] });
      expect(draft.shipDate).toBe(shipDate);
    });

    it('hands the caller a JSON copy of the reply: mutating it never reaches the handler', async () => {
      const first = await sendRequest<{ cents: number; lines: string[] }>(client, 'order.quote.cached', {});
      first.cents = 0;
      first.lines.push('tampered');

      await expect(sendRequest(client, 'order.quote.cached', {})).resolves.toEqual({
        cents: 1250,
        lines: ['base'],
      });
      expect(journal.cachedQuote).toEqual({ cents: 1250, lines: ['base'] });
    });

    it('streams every value of an Observable reply, and sendRequest resolves the last one', async () => {
      await expect(lastValueFrom(client.send('order.quote.steps', {}).pipe(toArray()))).resolves.toEqual([
        1, 2, 3,
      ]);
      await expect(sendRequest(client, 'order.quote.steps', {})).resolves.toBe(3);
    });

    it('hands the handler the payload of a keyed message, as the Kafka transport does', async () => {
      const reply = await sendRequest(
        client,
        'order.freight.create',
        keyed('order-7', { reference: 'PO-3', shipDate: '2030-01-02', items: [] }),
      );

      expect(reply).toMatchObject({ reference: 'PO-3', pattern: 'order.freight.create' });
      await emitEvent(client, 'order.created', keyed('order-7', { id: 'o-keyed' }));
      await eventually(() => journal.entries.length === 3);
      expect(journal.entries.sort()).toEqual(['audit:o-keyed', 'created', 'projection:o-keyed:undefined']);
    });

    it('refuses a payload JSON cannot carry before it reaches any handler', async () => {
      const reply = lastValueFrom(client.send('order.freight.create', { reference: 1n, items: [] }));

      await expect(reply).rejects.toThrow(TypeError);
      await settle();
      expect(journal.entries).toEqual([]);
    });
  });

  describe('events', () => {
    it('delivers an event to every @EventPattern handler of its pattern, after the emitter moved on', async () => {
      await emitEvent(client, 'order.created', { id: 'o-1', at: new Date('2030-01-02T00:00:00.000Z') });
      expect(journal.entries).toEqual([]);

      await eventually(() => journal.entries.length === 2);
      expect(journal.entries.sort()).toEqual(['audit:o-1', 'projection:o-1:string']);
    });

    it("serialises the payload when emitted: later changes to the emitter's object are not seen", async () => {
      const event = { id: 'o-2' };
      await emitEvent(client, 'order.created', event);
      event.id = 'changed after emit';

      await eventually(() => journal.entries.length === 2);
      expect(journal.entries.sort()).toEqual(['audit:o-2', 'projection:o-2:undefined']);
    });

    it('does not make the emitter wait for a slow handler', async () => {
      journal.gates.set('o-3', gate());

      await emitEvent(client, 'order.shipped', { id: 'o-3' });
      await eventually(() => journal.entries.includes('start:o-3'));
      await settle();
      expect(journal.entries).toEqual(['start:o-3']);

      journal.gates.get('o-3')?.open();
      await eventually(() => journal.entries.includes('end:o-3'));
    });

    it("keeps a failing handler's error from the emitter and the other handlers, and logs it", async () => {
      await expect(emitEvent(client, 'order.cancelled', { id: 'o-4' })).resolves.toBeUndefined();

      await eventually(() => journal.entries.includes('projection-cancelled:o-4'));
      await eventually(() =>
        logged.mock.calls.some(([message]) => String(message).includes('"order.cancelled"')),
      );
      const stacks = logged.mock.calls.map((call: unknown[]) => call.map(String).join(' '));
      expect(stacks.some((stack: string) => stack.includes('audit store is down'))).toBe(true);

      await emitEvent(client, 'order.cancelled', { id: 'o-5' });
      await eventually(() => journal.entries.includes('projection-cancelled:o-5'));
    });

    it('handles the events of one pattern one at a time, in the order they were emitted', async () => {
      journal.gates.set('o-6', gate());

      await emitEvent(client, 'order.shipped', { id: 'o-6' });
      await emitEvent(client, 'order.shipped', { id: 'o-7' });
      await eventually(() => journal.entries.includes('start:o-6'));
      await settle();
      expect(journal.entries).toEqual(['start:o-6']);

      journal.gates.get('o-6')?.open();
      await eventually(() => journal.entries.length === 4);
      expect(journal.entries).toEqual(['start:o-6', 'end:o-6', 'start:o-7', 'end:o-7']);
    });
  });

  describe('close', () => {
    it('stops delivery: requests fail as unavailable and events reach no handler', async () => {
      await app.close();

      await expect(sendRequest(client, 'order.freight.create', { items: [] })).rejects.toMatchObject({
        code: 'unavailable',
      });
      await expect(emitEvent(client, 'order.created', { id: 'o-8' })).resolves.toBeUndefined();
      await settle();
      expect(journal.entries).toEqual([]);
    });

    it('waits for the event in hand and drops the events still queued', async () => {
      journal.gates.set('o-9', gate());
      await emitEvent(client, 'order.shipped', { id: 'o-9' });
      await emitEvent(client, 'order.shipped', { id: 'o-10' });
      await eventually(() => journal.entries.includes('start:o-9'));

      let closed = false;
      const closing = app.close().then(() => (closed = true));
      await settle();
      expect(closed).toBe(false);

      journal.gates.get('o-9')?.open();
      await closing;
      await settle();
      expect(journal.entries).toEqual(['start:o-9', 'end:o-9']);
    });

    it('fails the requests a closing client still waits for, as unavailable', async () => {
      journal.gates.set('quote', gate());
      const reply = sendRequest(client, 'order.quote.slow', {});
      await settle();

      client.close();

      await expect(reply).rejects.toBeInstanceOf(AppError);
      await expect(reply).rejects.toMatchObject({ code: 'unavailable' });
    });
  });
});
