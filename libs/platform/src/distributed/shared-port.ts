import cluster from 'node:cluster';
import type { Readiness, ReadinessReport } from '../observability/readiness';

/** What a worker sharing a port tells its primary once ready, and the primary's answer. */
export const SHARED_PORT_MESSAGES = {
  ready: 'shipping:ready-to-listen',
  listen: 'shipping:listen',
} as const;

const READINESS_POLL_MS = 200;
/** How often a worker still waiting says which checks hold it back. */
export const STILL_WAITING_EVERY_MS = 30_000;

/**
 * Several gateways can share one port as workers of Node's cluster module: the primary holds the
 * socket and hands connections to the workers in turn, starting with the first one that listens.
 * So that the port answers only once every process behind it is ready, a worker says when its
 * readiness checks pass and listens only when its primary answers. Outside a cluster it returns at
 * once.
 */
export async function waitForTurnToListen(
  readiness: Readiness,
  stillWaiting: (report: ReadinessReport) => void = () => undefined,
  stillWaitingEveryMs = STILL_WAITING_EVERY_MS,
): Promise<void> {
  if (!cluster.isWorker) return;
  let nextSay = Date.now() + stillWaitingEveryMs;
  for (let report = await readiness.report(); !report.ready; report = await readiness.report()) {
    if (Date.now() >= nextSay) {
      stillWaiting(report);
      nextSay = Date.now() + stillWaitingEveryMs;
    }
    await new Promise((done) => setTimeout(done, READINESS_POLL_MS));
  }
  const allowed = new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== SHARED_PORT_MESSAGES.listen) return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
  });
  process.send?.(SHARED_PORT_MESSAGES.ready);
  await allowed;
}
