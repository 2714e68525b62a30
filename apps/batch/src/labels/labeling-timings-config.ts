import { type Env, readMilliseconds } from '@shipping/platform/config';
import type { LabelingTimings } from './labeling.process';

/** The shortest lease: it is renewed every third of it, so a third must outlast a renewal's round trip. */
const MIN_LEASE_MS = 3_000;

/**
 * BATCH_LABELING_SWEEP_MS (how often unfinished labelling jobs are looked for, 15 s unset) and
 * BATCH_LABELING_LEASE_MS (how long a job stays with the instance that took it, 60 s unset, at
 * least 3 s): after a crash, a job waits out its lease and the next sweep before it is taken over.
 * Only the variables set are returned; the process keeps its defaults for the others.
 */
export function readLabelingTimings(env: Env = process.env): Partial<LabelingTimings> {
  const sweepMs = readMilliseconds(env, 'BATCH_LABELING_SWEEP_MS', 1);
  const leaseMs = readMilliseconds(env, 'BATCH_LABELING_LEASE_MS', MIN_LEASE_MS);
  return { ...(sweepMs === undefined ? {} : { sweepMs }), ...(leaseMs === undefined ? {} : { leaseMs }) };
}
