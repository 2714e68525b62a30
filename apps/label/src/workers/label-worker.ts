import { threadId } from 'node:worker_threads';
import type { LabelDrawing } from '../rendering/label-drawing';
import { renderLabelPdf } from '../rendering/label-pdf';
import { mergePdfs } from '../rendering/merge-pdfs';
import type { MergeBytesTask, MergedBytes, RenderedLabel } from './label-tasks';

/*
 * Runs on the pool's worker threads only: pdf-lib is CPU-bound and would block the event loop.
 * Imports stay few (no Nest, no contracts at runtime) so a worker starts quickly.
 */

export async function render(drawing: LabelDrawing): Promise<RenderedLabel> {
  return { pdf: await renderLabelPdf(drawing), threadId };
}

export async function mergeBytes(task: MergeBytesTask): Promise<MergedBytes> {
  return { ...(await mergePdfs(task.sources)), threadId };
}
