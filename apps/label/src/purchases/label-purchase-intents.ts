import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import type { LabelPurchaseItem, LabelShipment } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { type FencedLeases, type Lease, LeasedWork, LeaseSweep } from '@shipping/platform/leases';
import { type Env, readMilliseconds } from '@shipping/platform/config';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { carrierOfParcelService } from '@shipping/reference-data';
import { randomUUID } from 'node:crypto';
import type { CarrierChoice, IntegrationKind, KeyMode } from '../carrier/carrier-choice';
import { LABEL_MIGRATIONS } from '../label.migrations';

/**
 * A purchase under way: the item, the carrier idempotency key it is bought under, what was asked,
 * and the adapter it is bought from (the shipper's carrier and integration, and the key's mode).
 */
export interface LabelPurchaseIntent {
  item_id: string;
  carrier_key: string;
  service: string;
  shipment: LabelShipment;
  choice: CarrierChoice;
  /** A carrier without idempotency keys was asked, and nobody knows what it answered. */
  asked: boolean;
  /** Why the purchase ended failed without asking again, once its outcome is unknown. */
  outcome_unknown: string | null;
  /** The pieces bought so far of a shipment bought one label per piece, in order. */
  pieces: BoughtPiece[];
}

/** A piece's label bought and stored, before the item's label is recorded. */
export interface BoughtPiece {
  tracking_number: string;
  label_key: string;
}

/**
 * An intent this process claimed: its key, the adapter it was first claimed for (a takeover keeps
 * it, so the purchase is completed where it began), and the lease every write of the purchase names.
 */
export interface ClaimedIntent {
  carrier_key: string;
  choice: CarrierChoice;
  lease: Lease;
  asked: boolean;
  outcome_unknown: string | null;
  pieces: BoughtPiece[];
}

interface ChoiceColumns {
  asked_at: Date | string | null;
  outcome_unknown: string | null;
  service: string;
  carrier: string | null;
  integration: IntegrationKind | null;
  mode: KeyMode;
  account_id: string | null;
  shipper_id: string | number | null;
}

/**
 * The adapter choice an intent row records. A row recorded before intents kept their choice has
 * neither carrier nor integration and the mode `test`: the sandbox completes it, as it began.
 */
function choiceOf(row: ChoiceColumns): CarrierChoice {
  return {
    carrier: row.carrier ?? carrierOfParcelService(row.service),
    integration: row.integration ?? 'own',
    mode: row.mode,
    ...(row.account_id !== null && row.shipper_id !== null
      ? { shipper: { account_id: row.account_id, shipper_id: Number(row.shipper_id) } }
      : {}),
  };
}

/**
 * How long a claim on an item holds without being renewed. The holder renews it while it buys
 * (every third of it), so this is how soon another instance takes over from one that died.
 */
export const INTENT_LEASE_MS = 15_000;

/** Specs shorten the lease. */
export const INTENT_LEASE = Symbol('INTENT_LEASE');

/** LABEL_PURCHASE_LEASE_MS, at least 3 s (renewed every third of it), or INTENT_LEASE_MS unset. */
export function readIntentLeaseMs(env: Env = process.env): number {
  return readMilliseconds(env, 'LABEL_PURCHASE_LEASE_MS', 3_000) ?? INTENT_LEASE_MS;
}

const UNSETTLED = 'outcome_unknown is null';

/**
 * Label purchases recorded before the carrier is called: one row per item with the idempotency
 * key the carrier gets, leased work (LeasedWork) claimed by one holder (a label app process) at a
 * time under a fenced lease timed by the database's clock. A row outlives a crash, so the purchase
 * is completed later with the same key, which the carrier answers with the label it already sold;
 * it is deleted once the label is recorded or refused. Claims take items in key order and every
 * statement on several intents locks them in that order, so two processes never deadlock.
 */
@Injectable()
export class LabelPurchaseIntents implements OnModuleInit {
  readonly work: LeasedWork;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Optional() @Inject(INTENT_LEASE) leaseMs: number = INTENT_LEASE_MS,
  ) {
    this.work = new LeasedWork(sql, {
      name: 'label_purchase_intents',
      key: 'item_id',
      leaseMs,
      columns: {
        item_id: 'text',
        carrier_key: 'text',
        service: 'text',
        shipment: 'text',
        carrier: 'text',
        integration: 'text',
        mode: 'text',
        account_id: 'text',
        shipper_id: 'bigint',
      },
      order: 'created_at, item_id',
    });
  }

  get leases(): FencedLeases {
    return this.work.leases;
  }

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, LABEL_MIGRATIONS);
  }

  /**
   * Claims the items for `holder` and answers their carrier keys, adapter choices and leases: new
   * ones get a fresh key and record `choice` (a test unless given), and an intent nobody holds (its
   * holder died or gave up) is taken over with its key and the choice it was first claimed for.
   * Items another holder is buying are left out of the answer.
   */
  async claim(
    service: string,
    items: readonly LabelPurchaseItem[],
    holder: string,
    choice?: CarrierChoice,
  ): Promise<Map<string, ClaimedIntent>> {
    const claimed = await this.work.claim<IntentRow>(
      items.map((item) => ({
        item_id: item.item_id,
        carrier_key: randomUUID(),
        service,
        shipment: JSON.stringify(item.shipment),
        carrier: choice?.carrier ?? null,
        integration: choice?.integration ?? null,
        mode: choice?.mode ?? 'test',
        account_id: choice?.shipper?.account_id ?? null,
        shipper_id: choice?.shipper?.shipper_id ?? null,
      })),
      holder,
    );
    return new Map(
      claimed.map((row) => {
        const { carrier_key, choice, asked, outcome_unknown, pieces } = parsed(row);
        return [row.item_id, { carrier_key, choice, lease: row.lease, asked, outcome_unknown, pieces }];
      }),
    );
  }

  /**
   * Intents nobody holds: left by a holder that died, or given up after a fault. Oldest first.
   * One whose outcome is unknown is settled already: it is answered, never bought again.
   */
  async unheld(limit: number): Promise<LabelPurchaseIntent[]> {
    return (await this.work.free<IntentRow>(limit, UNSETTLED)).map(parsed);
  }

  /** The sweep that hands the intents nobody holds to `take`, every time a lease runs out. */
  sweep(
    take: (intents: LabelPurchaseIntent[]) => Promise<void>,
    failed: (error: unknown) => void,
  ): LeaseSweep {
    return LeaseSweep.reading<IntentRow>(this.work, {
      everyMs: this.work.table.leaseMs,
      limit: 100,
      where: UNSETTLED,
      take: (rows) => take(rows.map(parsed)),
      failed,
    });
  }

  /**
   * Records, under the lease, that a carrier without idempotency keys is being asked: if its answer
   * is lost (this process dies), whoever takes the intent over knows the carrier may have sold.
   */
  asking(lease: Lease): Promise<void> {
    return this.work.update(lease, 'asked_at = clock_timestamp()');
  }

  /** The carrier surely did not act on the request: the intent may be bought again. */
  notAsked(lease: Lease): Promise<void> {
    return this.work.update(lease, 'asked_at = null');
  }

  /** A piece's label was bought and stored: a takeover resumes at the next piece, not asked again. */
  pieceBought(lease: Lease, piece: BoughtPiece): Promise<void> {
    return this.work.update(lease, 'pieces = pieces || $3::jsonb, asked_at = null', [
      JSON.stringify([piece]),
    ]);
  }

  /** The carrier may have sold the label: the intent answers `reason` from now on. */
  outcomeUnknown(lease: Lease, reason: string): Promise<void> {
    return this.work.update(lease, 'outcome_unknown = $3', [reason]);
  }
}

type IntentRow = Omit<LabelPurchaseIntent, 'choice' | 'asked' | 'outcome_unknown' | 'pieces'> &
  ChoiceColumns & { pieces: unknown };

/** The pieces column as the driver gives it: parsed JSON (pg) or its text (PGlite may). */
function piecesOf(column: unknown): BoughtPiece[] {
  const value = typeof column === 'string' ? (JSON.parse(column) as unknown) : column;
  return Array.isArray(value) ? (value as BoughtPiece[]) : [];
}

function parsed({
  item_id,
  carrier_key,
  service,
  shipment,
  asked_at,
  outcome_unknown,
  pieces,
  ...columns
}: IntentRow): LabelPurchaseIntent {
  const stored = shipment as unknown;
  return {
    item_id,
    carrier_key,
    service,
    shipment: typeof stored === 'string' ? (JSON.parse(stored) as LabelShipment) : shipment,
    choice: choiceOf({ service, asked_at, outcome_unknown, ...columns }),
    asked: asked_at !== null,
    outcome_unknown,
    pieces: piecesOf(pieces),
  };
}
