import { schemaReady } from '@shipping/event-store';
import { deleteRowsWhere, type RetentionPolicy } from '../retention/retention-policy';
import { IDEMPOTENT_REQUESTS_MIGRATIONS, IDEMPOTENT_REQUESTS_TABLE } from './idempotent-requests.migrations';

/** Requests go once their key expires (IDEMPOTENCY_TTL_HOURS after the claim); live keys stay. */
export const idempotentRequestsRetention = (): RetentionPolicy =>
  deleteRowsWhere(IDEMPOTENT_REQUESTS_TABLE, 'expires_at <= $1', 0, (sql) =>
    schemaReady(sql, IDEMPOTENT_REQUESTS_MIGRATIONS),
  );
