import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import type { LabelPurchaseItem, LabelShipment } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { FencedLeases, type Lease, LeaseLost } from '@shipping/platform/leases';
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

/**
 * Label purchases recorded before the carrier is called: one row per item with the idempotency
 * key the carrier gets, claimed by one holder (a label app process) at a time under a fenced lease
 * timed by the database's clock (FencedLeases). A row outlives a crash, so the purchase is
 * completed later with the same key, which the carrier answers with the label it already sold; it
 * is deleted once the label is recorded or refused. Claims insert in item order and every
 * statement on several intents locks them in that order, so two processes never deadlock.
 */
@Injectable()
export class LabelPurchaseIntents implements OnModuleInit {
  readonly leases: FencedLeases;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Optional() @Inject(INTENT_LEASE) leaseMs: number = INTENT_LEASE_MS,
  ) {
    this.leases = new FencedLeases(sql, { name: 'label_purchase_intents', key: 'item_id', leaseMs });
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
    if (items.length === 0) return new Map();
    const { rows } = await this.sql.query<
      { item_id: string; carrier_key: string; lease_token: string; pieces: unknown } & ChoiceColumns
    >(
      `insert into label_purchase_intents as i (item_id, carrier_key, service, shipment, holder, carrier, integration, mode, account_id, shipper_id, lease_token, lease_expires_at)
       select item_id, carrier_key, $3, shipment, $5, $6, $7, $8, $9, $10, ${this.leases.newLease}
         from unnest($1::text[], $2::text[], $4::text[]) as requested (item_id, carrier_key, shipment)
        order by item_id
       on conflict (item_id) do update set holder = excluded.holder, ${this.leases.takeLease('i')}
         where ${this.leases.isFree('i')}
       returning item_id, carrier_key, lease_token, service, carrier, integration, mode, account_id, shipper_id, asked_at, outcome_unknown, pieces`,
      [
        items.map((item) => item.item_id),
        items.map(() => randomUUID()),
        service,
        items.map((item) => JSON.stringify(item.shipment)),
        holder,
        choice?.carrier ?? null,
        choice?.integration ?? null,
        choice?.mode ?? 'test',
        choice?.shipper?.account_id ?? null,
        choice?.shipper?.shipper_id ?? null,
      ],
    );
    return new Map(
      rows.map((row) => [
        row.item_id,
        {
          carrier_key: row.carrier_key,
          choice: choiceOf(row),
          lease: this.leases.leaseOf(row.item_id, row.lease_token),
          asked: row.asked_at !== null,
          outcome_unknown: row.outcome_unknown,
          pieces: piecesOf(row.pieces),
        },
      ]),
    );
  }

  /**
   * Intents nobody holds: left by a holder that died, or given up after a fault. Oldest first.
   * One whose outcome is unknown is settled already: it is answered, never bought again.
   */
  async unheld(limit: number): Promise<LabelPurchaseIntent[]> {
    const { rows } = await this.sql.query<IntentRow>(
      `select item_id, carrier_key, service, shipment, carrier, integration, mode, account_id, shipper_id, asked_at, outcome_unknown, pieces
         from label_purchase_intents
       where ${this.leases.isFree()} and outcome_unknown is null order by created_at, item_id limit $1`,
      [limit],
    );
    return rows.map(parsed);
  }

  /**
   * Records, under the lease, that a carrier without idempotency keys is being asked: if its answer
   * is lost (this process dies), whoever takes the intent over knows the carrier may have sold.
   */
  async asking(lease: Lease): Promise<void> {
    await this.fencedUpdate(lease, 'asked_at = clock_timestamp()');
  }

  /** The carrier surely did not act on the request: the intent may be bought again. */
  async notAsked(lease: Lease): Promise<void> {
    await this.fencedUpdate(lease, 'asked_at = null');
  }

  /** A piece's label was bought and stored: a takeover resumes at the next piece, not asked again. */
  async pieceBought(lease: Lease, piece: BoughtPiece): Promise<void> {
    await this.fencedUpdate(lease, 'pieces = pieces || $3::jsonb, asked_at = null', [
      JSON.stringify([piece]),
    ]);
  }

  /** The carrier may have sold the label: the intent answers `reason` from now on. */
  async outcomeUnknown(lease: Lease, reason: string): Promise<void> {
    await this.fencedUpdate(lease, 'outcome_unknown = $3', [reason]);
  }

  private async fencedUpdate(lease: Lease, assignment: string, values: unknown[] = []): Promise<void> {
    const { rows } = await this.sql.query(
      `update label_purchase_intents set ${assignment} where ${this.leases.heldBy('$1', '$2')} returning 1 as updated`,
      [lease.key, lease.token, ...values],
    );
    if (rows.length === 0) throw new LeaseLost('label_purchase_intents', lease);
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
