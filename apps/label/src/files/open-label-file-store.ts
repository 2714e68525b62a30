import { type SqlClient } from '@shipping/event-store';
import { type LabelConfig, labelStoreOf } from '../label-config';
import { DatabaseLabelFileStore } from './database-label-file-store';
import { FolderLabelFileStore } from './folder-label-file-store';
import type { LabelFileStore } from './label-file-store';

/** The label file store LABEL_STORE names, or the one that suits the SQL store the app runs on. */
export function openLabelFileStore(config: LabelConfig, sql: SqlClient): LabelFileStore {
  return labelStoreOf(config, sql.ownedByThisProcess === true) === 'database'
    ? new DatabaseLabelFileStore(sql)
    : new FolderLabelFileStore(config.labelsRoot);
}
