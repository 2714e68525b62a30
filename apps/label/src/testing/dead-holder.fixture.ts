import type { LabelPurchaseItem } from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CarrierChoice } from '../carrier/carrier-choice';
import { type ClaimedIntent, LabelPurchaseIntents } from '../purchases/label-purchase-intents';

const DEAD_HOLDER_LEASE_MS = 1;

/**
 * Intents claimed by a label app process that died right after recording them, answered once
 * their lease ran out by the database's clock: a sweep or another process may take them over.
 * The wait is what makes it so; the next statement can reach the database within the lease.
 */
export async function claimedByADeadHolder(
  sql: SqlClient,
  service: string,
  items: readonly LabelPurchaseItem[],
  choice?: CarrierChoice,
): Promise<Map<string, ClaimedIntent>> {
  const claimed = await new LabelPurchaseIntents(sql, DEAD_HOLDER_LEASE_MS).claim(
    service,
    items,
    'a-dead-process',
    choice,
  );
  await sleep(DEAD_HOLDER_LEASE_MS * 20);
  return claimed;
}
