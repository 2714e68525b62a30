/**
 * Where label PDFs live, by key (`items/<item>.pdf`, `batches/<batch>/labels-<n>.pdf`): the
 * database every instance of the label app shares, or a folder of one process. Every method
 * refuses a key that is not a safe relative `.pdf` path with bad_request.
 */
export interface LabelFileStore {
  /** Stores the file, replacing whatever was under the key: writing a file again is harmless. */
  put(key: string, content: Uint8Array): Promise<void>;
  /** Stores several files as `put` does each (a chunk's labels: one statement in the database). */
  putMany(files: readonly LabelFile[]): Promise<void>;
  /** The file, or undefined when there is none under the key. */
  get(key: unknown): Promise<Uint8Array | undefined>;
  /** The files found among `keys` (a merge's sources), by key. */
  getMany(keys: readonly string[]): Promise<Map<string, Uint8Array>>;
}

export interface LabelFile {
  key: string;
  content: Uint8Array;
}

export const LABEL_FILE_STORE = Symbol('LABEL_FILE_STORE');
