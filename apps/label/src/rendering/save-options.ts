import type { SaveOptions } from 'pdf-lib';

/**
 * pdf-lib yields to the event loop (a setTimeout) every 50 objects it writes, for the main
 * thread's sake; on a worker thread that is only idle time. Labels have no form fields, and
 * updating field appearances would add an empty AcroForm to every file.
 */
const WORKER_SAVE: SaveOptions = { objectsPerTick: Number.POSITIVE_INFINITY, updateFieldAppearances: false };

/** A single label has a dozen objects: packing them in a compressed object stream costs more than it saves, twice (write, then parse when merged). */
export const LABEL_SAVE_OPTIONS: SaveOptions = { ...WORKER_SAVE, useObjectStreams: false };

/** A merged file has a hundred labels' objects: the object stream halves its size. */
export const MERGED_SAVE_OPTIONS: SaveOptions = { ...WORKER_SAVE, useObjectStreams: true };
