/** What crosses between the main thread and the label workers (structured clone). */

export interface RenderedLabel {
  pdf: Uint8Array;
  /** The worker thread that drew it; never 0, the main thread. */
  threadId: number;
}

export interface MergeBytesTask {
  /** Single-label PDFs, in page order. */
  sources: Uint8Array[];
}

export interface MergedBytes {
  pdf: Uint8Array;
  pages: number;
  threadId: number;
}
