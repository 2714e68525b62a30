import type { SqlClient } from '@shipping/event-store';
import { randomInt } from 'node:crypto';

export const SESSION_LOCKS_DO_NOT_HOLD =
  "Session advisory locks do not hold on DATABASE_URL: one session's statements ran on different " +
  'PostgreSQL backends, as behind a pooler in transaction or statement mode (PgBouncer with ' +
  'pool_mode=transaction). Leader election needs them; connect the app to PostgreSQL directly or ' +
  'through a pool in session mode.';

interface Backend {
  pid: number;
}

/**
 * Refuses, with SESSION_LOCKS_DO_NOT_HOLD, a database where a session does not keep its backend:
 * a lock the leader took would be another client's on its next statement, and two instances
 * would lead at once. The session takes a fresh lock; while another connection holds a
 * transaction open (behind a pooler it gets the backend the session just let go of), the session
 * releases the lock, which succeeds only on the backend that took it.
 */
export async function assertSessionLocksHold(sql: SqlClient): Promise<void> {
  if (sql.ownedByThisProcess) return;
  const key = [randomInt(1, 2 ** 31 - 1), randomInt(1, 2 ** 31 - 1)];
  const holds = await sql.session(async (session) => {
    const taken = await session.query<Backend & { locked: boolean }>(
      'select pg_backend_pid() as pid, pg_try_advisory_lock($1, $2) as locked',
      key,
    );
    const first = taken.rows[0];
    return sql.transaction(async (other) => {
      const beside = (await other.query<Backend>('select pg_backend_pid() as pid')).rows[0];
      const released = await session.query<Backend & { released: boolean }>(
        'select pg_backend_pid() as pid, pg_advisory_unlock($1, $2) as released',
        key,
      );
      const then = released.rows[0];
      return first.locked && then.released && then.pid === first.pid && beside.pid !== first.pid;
    });
  });
  if (!holds) throw new Error(SESSION_LOCKS_DO_NOT_HOLD);
}
