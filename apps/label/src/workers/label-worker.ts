import { readFile } from 'node:fs/promises';
import { threadId } from 'node:worker_threads';
import { writeFileAtomic } from '../files/atomic-write';
import type { LabelDrawing } from '../rendering/label-drawing';
import { renderLabelPdf } from '../rendering/label-pdf';
import { mergePdfs } from '../rendering/merge-pdfs';
import type { MergeBytesTask, MergedBytes, MergedFile, MergeFilesTask, RenderedLabel } from './label-tasks';

/*
 * Runs on the pool's worker threads only: pdf-lib is CPU-bound and would block the event loop.
 * Imports stay few (no Nest, no contracts at runtime) so a worker starts quickly.
 */

export async function render(drawing: LabelDrawing): Promise<RenderedLabel> {
  return { pdf: await renderLabelPdf(drawing), threadId };
}

export async function mergeFiles(task: MergeFilesTask): Promise<MergedFile> {
  const sources = await Promise.all(task.sources.map((path) => readFile(path)));
  const { pdf, pages } = await mergePdfs(sources);
  await writeFileAtomic(task.target, pdf);
  return { pages, threadId };
}

export async function mergeBytes(task: MergeBytesTask): Promise<MergedBytes> {
  return { ...(await mergePdfs(task.sources)), threadId };
}
