/** What crosses between the main thread and the label workers (structured clone). */

export interface RenderedLabel {
  pdf: Uint8Array;
  /** The worker thread that drew it; never 0, the main thread. */
  threadId: number;
}

export interface MergeFilesTask {
  /** Absolute paths of single-label PDFs, in page order. */
  sources: string[];
  /** Absolute path of the merged file, written atomically. */
  target: string;
}

export interface MergedFile {
  pages: number;
  threadId: number;
}

export interface MergeBytesTask {
  sources: Uint8Array[];
}

export interface MergedBytes {
  pdf: Uint8Array;
  pages: number;
  threadId: number;
}
