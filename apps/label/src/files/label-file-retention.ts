import { deleteRowsWhere, type RetentionPolicy } from '@shipping/platform/retention';

/**
 * Files of the database store go `keepMs` after they were first written: by then a batch's labels
 * have long been printed. A link to a file gone answers 404, as one to a key never written.
 */
export const labelFileRetention = (keepMs: number): RetentionPolicy =>
  deleteRowsWhere('label_files', 'created_at <= $1', keepMs);
