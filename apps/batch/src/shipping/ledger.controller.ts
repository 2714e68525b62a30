import { Controller } from '@nestjs/common';
import {
  AppError,
  type BalanceAnswer,
  type BalanceQuery,
  type CreditRequest,
  type AppMessage,
  LedgerPatterns,
  type PageRequest,
  type ShipmentChargeRequest,
  tenantOf,
} from '@shipping/contracts';
import { ledgerEntryView } from './ledger-entry-view';
import { Ledger } from './ledger';
import { CommandPattern, QueryPattern } from '@shipping/platform/idempotency';

function assertChargeRequest(payload: unknown): asserts payload is ShipmentChargeRequest {
  const request = payload as Partial<ShipmentChargeRequest> | null;
  const whole = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);
  if (
    typeof request !== 'object' ||
    request === null ||
    !whole(request.shipment_order_id) ||
    !whole(request.amount_cents)
  ) {
    throw new AppError('bad_request', 'A shipment charge needs a shipment_order_id and whole cents.');
  }
}

/**
 * Charges and refunds of instant shipments, asked for by the order app in the shipment's mode,
 * credits an operator adds to the ledger of the mode it names, and the balance and entries of the
 * ledger of the caller's key mode (decision 101).
 */
@Controller()
export class LedgerController {
  constructor(private readonly ledger: Ledger) {}

  @CommandPattern(LedgerPatterns.chargeShipment)
  async charge({ context, payload }: AppMessage<unknown>): Promise<{ charged: boolean }> {
    assertChargeRequest(payload);
    return {
      charged: await this.ledger.chargeShipment(context, payload.shipment_order_id, payload.amount_cents),
    };
  }

  /**
   * The gateway's admin API checked the account and the mode and parsed the amount into whole,
   * positive cents. Answers the balance right after the credit, also to a repeat of it.
   */
  @CommandPattern(LedgerPatterns.addCredit)
  async addCredit({ context, payload }: AppMessage<CreditRequest>): Promise<{ balance_cents: number }> {
    const { balanceCents } = await this.ledger.addCredit(context, {
      creditId: payload.credit_id,
      amountCents: payload.amount_cents,
      reference: payload.reference,
      actor: payload.actor,
      // A gateway older than modes names none: its credits were test credit.
      mode: payload.mode ?? 'test',
    });
    return { balance_cents: balanceCents };
  }

  /** Now, or as of a past moment (`as_of`), with the revision of the ledger stream it was folded up to. */
  @QueryPattern(LedgerPatterns.balance)
  async balance({ context, payload }: AppMessage<BalanceQuery | undefined>): Promise<BalanceAnswer> {
    const asOf = payload?.as_of;
    const tenant = tenantOf(context);
    const { balanceCents, revision } = asOf
      ? await this.ledger.balanceAsOf(tenant, asOf)
      : await this.ledger.balance(tenant);
    return { balance_cents: balanceCents, revision: revision?.toString() ?? null };
  }

  /** Newest first, one more than the page to tell whether a next page exists. */
  @QueryPattern(LedgerPatterns.entries)
  async entries({ context, payload }: AppMessage<PageRequest>) {
    const events = await this.ledger.newestFirst(tenantOf(context), payload.page, payload.per_page);
    return events.map(ledgerEntryView);
  }

  @CommandPattern(LedgerPatterns.refundShipment)
  async refund({ context, payload }: AppMessage<unknown>): Promise<{ refunded: boolean }> {
    assertChargeRequest(payload);
    return {
      refunded: await this.ledger.refundShipment(context, payload.shipment_order_id, payload.amount_cents),
    };
  }
}
