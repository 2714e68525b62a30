import { deleteRowsWhere, type RetentionPolicy } from '@shipping/platform/retention';

/**
 * A carrier pickup's row answers repeats of its scheduling and lets it be cancelled; it goes
 * `keepMs` after the carrier was asked, long after the day it was for. A row still being asked
 * (no outcome) is left to the request that asks.
 */
export const carrierPickupsRetention = (keepMs: number): RetentionPolicy =>
  deleteRowsWhere('carrier_pickups', 'outcome is not null and asked_at <= $1', keepMs);
