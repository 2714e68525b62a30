import type { RetentionPolicy } from '@shipping/platform/retention';

/**
 * Deliveries no longer pending, with their attempts, once `keepMs` has passed since the delivery
 * was made and since its last attempt: their bodies hold addresses and signed label links. A
 * pending delivery stays whatever its age; one a dispatcher or a redelivery has locked waits.
 */
export const deliveryRetention = (keepMs: number): RetentionPolicy[] => [
  {
    table: 'webhook_deliveries',
    async prune(tx, now, limit) {
      const cutoff = new Date(now.getTime() - keepMs).toISOString();
      const { rows } = await tx.query<{ id: string }>(
        `select d.id from webhook_deliveries d
          where d.status <> 'pending' and d.created_at <= $1
            and not exists (select 1 from webhook_attempts a where a.delivery_id = d.id and a.at > $1)
          limit $2 for update skip locked`,
        [cutoff, limit],
      );
      if (rows.length === 0) return 0;
      const ids = rows.map((row) => row.id);
      await tx.query('delete from webhook_attempts where delivery_id = any($1)', [ids]);
      await tx.query('delete from webhook_deliveries where id = any($1)', [ids]);
      return ids.length;
    },
  },
];
