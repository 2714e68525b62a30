import type { BatchEvent, BatchState } from '@shipping/batch-domain';
import { metrics } from '@shipping/platform/observability';

/**
 * Times the phases a command's events end: validation (BatchCreated to a ready BatchValidated) and
 * labelling (BatchShipped to BatchCompleted), from the times the events record. Called by the one
 * writer that appends each of those events, so a phase is counted once per batch.
 */
export function observeBatchPhases(events: readonly BatchEvent[], state: BatchState): void {
  if (state.status === 'none') return;
  for (const event of events) {
    if (event.type === 'BatchValidated' && event.data.status === 'ready') {
      observe('created_to_ready', state.createdAt, event.data.at);
    }
    if (event.type === 'BatchCompleted' && 'shippedAt' in state) {
      observe('shipped_to_completed', state.shippedAt, event.data.at);
    }
  }
}

function observe(phase: string, from: string, to: string): void {
  const seconds = (Date.parse(to) - Date.parse(from)) / 1000;
  if (Number.isFinite(seconds) && seconds >= 0) metrics.batchPhaseDuration.observe({ phase }, seconds);
}
