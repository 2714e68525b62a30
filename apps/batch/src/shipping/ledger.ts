import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type AsOf, type KeyMode, type RequestContext, type Tenant, tenantOf } from '@shipping/contracts';
import {
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
  type SqlClient,
} from '@shipping/event-store';
import {
  balanceChangeOf,
  isLedgerEvent,
  type LedgerCommand,
  type LedgerEvent,
  ledgerDecider,
  type LedgerState,
  ledgerStreamName,
} from '@shipping/ledger-domain';
import { CLOCK, type Clock } from '@shipping/platform/clock';
import { eventMetadata, handleCommand } from '@shipping/platform/commands';
import { EVENT_STORE, SQL_CLIENT } from '@shipping/platform/storage';
import { sandboxSeed } from '@shipping/reference-data';
import { pastEndOf, readStreamAsOf } from '../read-model/stream-as-of';
import { type LedgerHead, LedgerIndex } from './ledger-index';

/** A command lost to a concurrent writer of the account is decided again on the newer stream. */
const RETRIES = 10;

/** What a command did: whether it appended, and the state after it (the one it was decided on if not). */
interface Handled {
  appended: boolean;
  state: LedgerState;
}

/** A credit added now or before: either way, the balance right after it. */
export interface CreditOutcome {
  added: boolean;
  balanceCents: number;
}

/**
 * Each account's credit in each key mode as a stream (`ledger-<account>` for test,
 * `ledger-live-<account>` for live; decision 101): the one place spending is serialised. The
 * mode comes from the request context, so a live charge never touches test credit; work done for a
 * batch or a shipment names the mode that batch or shipment was created in.
 * Commands go through `handleCommand` like every decider's, with the index as their state loader:
 * decided on the stream's balance and the index rows of their own keys (see `LedgerIndex`), so a
 * charge costs the same on a new account and on one with years of history.
 */
@Injectable()
export class Ledger implements OnModuleInit {
  private readonly index: LedgerIndex;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) sql: SqlClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.index = new LedgerIndex(store, sql);
  }

  /** The sandbox accounts start with their seed credit, test credit, granted once (the grant id dedupes). */
  async onModuleInit(): Promise<void> {
    await this.index.createTables();
    const now = this.clock.now().toISOString();
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
        'test',
        eventMetadata({ correlationId: 'sandbox-seed', accountId: account.id }),
      );
    }
  }

  /**
   * A credit bought or granted by an operator, to the ledger of `mode`: `actor` is the admin key
   * that added it. A repeat of
   * the credit id with the same amount and reference adds nothing and answers the balance right
   * after the first; with another amount or reference it is refused (`CreditIdReused`).
   */
  async addCredit(
    context: RequestContext,
    credit: { creditId: string; amountCents: number; reference: string; actor: string; mode: KeyMode },
  ): Promise<CreditOutcome> {
    const handled = await this.decideAndAppend(
      {
        type: 'AddCredit',
        accountId: context.accountId,
        creditId: credit.creditId,
        amountCents: credit.amountCents,
        reference: credit.reference,
        now: this.clock.now().toISOString(),
      },
      credit.mode,
      eventMetadata({ ...context, actor: credit.actor }),
    );
    if (handled.appended) return { added: true, balanceCents: handled.state.balanceCents };
    const added = handled.state.creditIds.get(credit.creditId);
    if (added === undefined) throw new Error(`Credit ${credit.creditId} was neither added nor found`);
    return { added: false, balanceCents: added.balanceAfterCents };
  }

  /** The balance after every event of the tenant's stream. */
  async balanceCents(tenant: Tenant): Promise<number> {
    return (await this.balance(tenant)).balanceCents;
  }

  /** The balance after every event of the tenant's stream, and the revision of the last. */
  async balance(tenant: Tenant): Promise<LedgerHead> {
    return this.index.catchUp(ledgerStreamName(tenant.accountId, tenant.mode));
  }

  /**
   * The balance as it was at a past moment of the tenant's stream: its events up to then, summed
   * by the rule the index keeps the balance by (`balanceChangeOf`).
   */
  async balanceAsOf(tenant: Tenant, asOf: AsOf): Promise<LedgerHead> {
    const stream = ledgerStreamName(tenant.accountId, tenant.mode);
    const { events, pastEnd } = await readStreamAsOf(this.store, stream, asOf);
    if (pastEnd) throw pastEndOf(events);
    const ledgerEvents = events.filter(isLedgerEvent) as (RecordedEvent & LedgerEvent)[];
    return {
      balanceCents: ledgerEvents.reduce((balance, event) => balance + balanceChangeOf(event), 0),
      revision: events.at(-1)?.revision,
    };
  }

  /** The tenant's ledger events, newest first: `perPage + 1` of them at most, so a caller sees if more follow. */
  async newestFirst(tenant: Tenant, page: number, perPage: number): Promise<RecordedEvent[]> {
    const stream = ledgerStreamName(tenant.accountId, tenant.mode);
    const { revision } = await this.index.catchUp(stream);
    const from = revision === undefined ? -1n : revision - BigInt((page - 1) * perPage);
    if (from < 0n) return [];
    return this.store.readStream(stream, {
      direction: 'backwards',
      fromRevision: from,
      maxCount: perPage + 1,
    });
  }

  /** True when this call charged the batch (in the context's mode); false when it had been charged already. */
  async chargeBatch(context: RequestContext, batchId: string, amountCents: number): Promise<boolean> {
    return this.handle(
      {
        type: 'ChargeBatch',
        accountId: context.accountId,
        batchId,
        amountCents,
        now: this.clock.now().toISOString(),
      },
      tenantOf(context).mode,
      eventMetadata(context),
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
        now: this.clock.now().toISOString(),
      },
      tenantOf(context).mode,
      eventMetadata(context),
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
        now: this.clock.now().toISOString(),
      },
      tenantOf(context).mode,
      eventMetadata(context),
    );
  }

  /** Refunds a failed item of a batch to the ledger of the batch's mode. */
  async refundItem(
    { accountId, mode }: Tenant,
    batchId: string,
    itemId: string,
    amountCents: number,
    correlationId: string,
  ): Promise<void> {
    await this.handle(
      { type: 'RefundItem', accountId, batchId, itemId, amountCents, now: this.clock.now().toISOString() },
      mode,
      eventMetadata({ correlationId, accountId }),
    );
  }

  /** True when the command appended. */
  private async handle(command: LedgerCommand, mode: KeyMode, metadata: EventMetadata): Promise<boolean> {
    return (await this.decideAndAppend(command, mode, metadata)).appended;
  }

  /** Decided on what the index holds of the stream at its end, appended at that revision. */
  private async decideAndAppend(
    command: LedgerCommand,
    mode: KeyMode,
    metadata: EventMetadata,
  ): Promise<Handled> {
    const { events, state } = await handleCommand({
      store: this.store,
      streamName: ledgerStreamName(command.accountId, mode),
      command,
      decider: ledgerDecider,
      metadata,
      retries: RETRIES,
      loader: this.index,
    });
    return { appended: events.length > 0, state };
  }
}
