import { type LabelShipment, MAX_LABELS_PER_FILE } from '@shipping/contracts';
import { sandboxTrackingNumber } from '../carrier/sandbox-tracking-number';
import type { LabelDrawing } from '../rendering/label-drawing';
import { LabelWorkerPool } from '../workers/label-worker-pool';

export interface RawLabelTimings {
  labels: number;
  files: number;
  workers: number;
  /** Starting the threads and a first label on each; 0 when a running pool was given. */
  warmUpMs: number;
  renderMs: number;
  mergeMs: number;
  /** renderMs + mergeMs. */
  totalMs: number;
  mergedBytes: number;
}

const elapsedSince = (start: number) => Math.round((performance.now() - start) * 10) / 10;

/**
 * The raw pdf-lib cost of a batch, with no store, transport or disk: `count` labels drawn on the
 * label worker pool, then merged into files of 100 on the same pool. Uses `pool` when given
 * (left open), else starts one of the default size and closes it.
 */
export async function renderAndMergeRaw(
  count: number,
  shipment: LabelShipment,
  pool?: LabelWorkerPool,
): Promise<RawLabelTimings> {
  const workers = pool ?? new LabelWorkerPool();
  const drawing = (index: number): LabelDrawing => ({
    tracking_number: sandboxTrackingNumber(`bench-${index}`),
    service_code: 'USPS-1',
    service_name: 'USPS Priority Mail',
    shipment,
  });
  try {
    let start = performance.now();
    if (!pool)
      await Promise.all(
        Array.from({ length: workers.size * 2 }, (_, index) => workers.render(drawing(-1 - index))),
      );
    const warmUpMs = pool ? 0 : elapsedSince(start);

    start = performance.now();
    const labels = await Promise.all(
      Array.from({ length: count }, (_, index) => workers.render(drawing(index))),
    );
    const renderMs = elapsedSince(start);

    start = performance.now();
    const groups: Uint8Array[][] = [];
    for (let first = 0; first < labels.length; first += MAX_LABELS_PER_FILE) {
      groups.push(labels.slice(first, first + MAX_LABELS_PER_FILE).map((label) => label.pdf));
    }
    const merged = await Promise.all(groups.map((sources) => workers.mergeBytes({ sources })));
    const mergeMs = elapsedSince(start);

    return {
      labels: count,
      files: merged.length,
      workers: workers.size,
      warmUpMs,
      renderMs,
      mergeMs,
      totalMs: Math.round((renderMs + mergeMs) * 10) / 10,
      mergedBytes: merged.reduce((sum, file) => sum + file.pdf.byteLength, 0),
    };
  } finally {
    if (!pool) await workers.close();
  }
}
