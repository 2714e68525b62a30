import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { LabelPurchaseItem, LabelShipment } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';
import { LABEL_MIGRATIONS } from '../label.migrations';
import { randomUUID } from 'node:crypto';

/** A purchase under way: the item, the carrier idempotency key it is bought under, what was asked. */
export interface LabelPurchaseIntent {
  item_id: string;
  carrier_key: string;
  service: string;
  shipment: LabelShipment;
}

/**
 * How long a claim on an item holds without being renewed. The holder renews it while it buys
 * (every third of it), so this is how soon another instance takes over from one that died.
 */
export const INTENT_LEASE_MS = 15_000;

/**
 * The holder's rows among $1, locked in item order. Every statement that writes several intents
 * locks them in that order (claims insert in it), so two processes never deadlock on a chunk.
 */
const HELD_IN_ORDER = `select item_id from label_purchase_intents
  where item_id = any($1::text[]) and holder = $2 order by item_id for update`;

const leaseEnd = (now: Date) => new Date(now.getTime() + INTENT_LEASE_MS).toISOString();

/**
 * Label purchases recorded before the carrier is called: one row per item with the idempotency
 * key the carrier gets, claimed by one holder (a label app process) at a time under a lease. A row
 * outlives a crash, so the purchase is completed later with the same key, which the carrier
 * answers with the label it already sold; it is deleted once the label is recorded or refused.
 */
@Injectable()
export class LabelPurchaseIntents implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, LABEL_MIGRATIONS);
  }

  /**
   * Claims the items for `holder` and answers their carrier keys: new ones get a fresh key, and an
   * intent whose lease ran out (its holder died or gave up) is taken over with its key. Items
   * another holder is buying are left out of the answer.
   */
  async claim(
    service: string,
    items: readonly LabelPurchaseItem[],
    holder: string,
    now = new Date(),
  ): Promise<Map<string, string>> {
    if (items.length === 0) return new Map();
    const { rows } = await this.sql.query<{ item_id: string; carrier_key: string }>(
      `insert into label_purchase_intents as i (item_id, carrier_key, service, shipment, holder, lease_expires_at)
       select item_id, carrier_key, $3, shipment, $5, $6
         from unnest($1::text[], $2::text[], $4::text[]) as requested (item_id, carrier_key, shipment)
        order by item_id
       on conflict (item_id) do update set holder = excluded.holder, lease_expires_at = excluded.lease_expires_at
         where i.holder = excluded.holder or i.lease_expires_at <= $7
       returning item_id, carrier_key`,
      [
        items.map((item) => item.item_id),
        items.map(() => randomUUID()),
        service,
        items.map((item) => JSON.stringify(item.shipment)),
        holder,
        leaseEnd(now),
        now.toISOString(),
      ],
    );
    return new Map(rows.map((row) => [row.item_id, row.carrier_key]));
  }

  /** Keeps the holder's claims alive while it is still buying. */
  async renew(itemIds: readonly string[], holder: string, now = new Date()): Promise<void> {
    await this.sql.query(
      `update label_purchase_intents set lease_expires_at = $3 where item_id in (${HELD_IN_ORDER})`,
      [itemIds, holder, leaseEnd(now)],
    );
  }

  /** Gives claims up at once (the carrier or the disk failed), keeping their keys for whoever goes on. */
  async release(itemIds: readonly string[], holder: string): Promise<void> {
    if (itemIds.length === 0) return;
    await this.sql.query(
      `update label_purchase_intents set lease_expires_at = '-infinity' where item_id in (${HELD_IN_ORDER})`,
      [itemIds, holder],
    );
  }

  /** Forgets intents the carrier refused: nothing was sold, so there is nothing to complete. */
  async drop(itemIds: readonly string[], holder: string): Promise<void> {
    if (itemIds.length === 0) return;
    await this.sql.query(`delete from label_purchase_intents where item_id in (${HELD_IN_ORDER})`, [
      itemIds,
      holder,
    ]);
  }

  /** Intents nobody holds: left by a holder that died, or given up after a fault. Oldest first. */
  async unheld(limit: number, now = new Date()): Promise<LabelPurchaseIntent[]> {
    const { rows } = await this.sql.query<LabelPurchaseIntent>(
      `select item_id, carrier_key, service, shipment from label_purchase_intents
       where lease_expires_at <= $1 order by created_at, item_id limit $2`,
      [now.toISOString(), limit],
    );
    return rows.map(parsed);
  }
}

function parsed(row: LabelPurchaseIntent): LabelPurchaseIntent {
  const shipment = row.shipment as unknown;
  return typeof shipment === 'string' ? { ...row, shipment: JSON.parse(shipment) as LabelShipment } : row;
}
