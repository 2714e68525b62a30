import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { RequestContext } from '@shipping/contracts';
import type { EventStore } from '@shipping/event-store';
import {
  decideLedger,
  evolveLedger,
  initialLedgerState,
  type LedgerCommand,
  ledgerStreamName,
} from '@shipping/batch-domain';
import { EVENT_STORE, handleCommand } from '@shipping/platform';
import { sandboxSeed } from '@shipping/reference-data';

const ledgerDecider = { decide: decideLedger, evolve: evolveLedger, initialState: initialLedgerState };

/** Each account's credit as a `ledger-<account>` stream: the one place spending is serialised. */
@Injectable()
export class Ledger implements OnModuleInit {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The sandbox accounts start with their seed credit, granted once (the grant id dedupes). */
  async onModuleInit(): Promise<void> {
    const now = new Date().toISOString();
    for (const account of sandboxSeed.accounts) {
      await this.handle(
        {
          type: 'GrantCredit',
          accountId: account.id,
          grantId: 'sandbox-seed',
          amountCents: account.credit_cents,
          reason: 'Sandbox credit',
          now,
        },
        { correlationId: 'sandbox-seed', accountId: account.id },
      );
    }
  }

  /** True when this call charged the batch; false when it had been charged already. */
  async chargeBatch(context: RequestContext, batchId: string, amountCents: number): Promise<boolean> {
    return this.handle(
      {
        type: 'ChargeBatch',
        accountId: context.accountId,
        batchId,
        amountCents,
        now: new Date().toISOString(),
      },
      { correlationId: context.correlationId, accountId: context.accountId },
    );
  }

  /** True when this call charged the shipment; false when it had been charged (or refunded) already. */
  async chargeShipment(
    context: RequestContext,
    shipmentOrderId: number,
    amountCents: number,
  ): Promise<boolean> {
    return this.handle(
      {
        type: 'ChargeShipment',
        accountId: context.accountId,
        shipmentOrderId,
        amountCents,
        now: new Date().toISOString(),
      },
      { correlationId: context.correlationId, accountId: context.accountId },
    );
  }

  async refundShipment(
    context: RequestContext,
    shipmentOrderId: number,
    amountCents: number,
  ): Promise<boolean> {
    return this.handle(
      {
        type: 'RefundShipment',
        accountId: context.accountId,
        shipmentOrderId,
        amountCents,
        now: new Date().toISOString(),
      },
      { correlationId: context.correlationId, accountId: context.accountId },
    );
  }

  async refundItem(
    accountId: string,
    batchId: string,
    itemId: string,
    amountCents: number,
    correlationId: string,
  ): Promise<void> {
    await this.handle(
      { type: 'RefundItem', accountId, batchId, itemId, amountCents, now: new Date().toISOString() },
      { correlationId, accountId },
    );
  }

  private async handle(
    command: LedgerCommand,
    metadata: { correlationId: string; accountId: string },
  ): Promise<boolean> {
    const outcome = await handleCommand(
      this.store,
      ledgerStreamName(command.accountId),
      command,
      ledgerDecider,
      {
        ...metadata,
        causationId: metadata.correlationId,
      },
      { retries: 10 },
    );
    return outcome.events.length > 0;
  }
}
