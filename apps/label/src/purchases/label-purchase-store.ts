import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { LABEL_MIGRATIONS } from '../label.migrations';

export interface StoredLabel {
  item_id: string;
  /** The first piece's, when the shipment's pieces were bought one label each. */
  tracking_number: string;
  label_key: string;
  /** Every piece's tracking number in order, when the pieces were bought one label each. */
  piece_tracking_numbers?: string[] | null;
}

/**
 * One row per item that has a bought label: the label app's record that it was bought once. Its
 * intent (LabelPurchaseIntents) is deleted by the same statement that writes the row.
 */
@Injectable()
export class LabelPurchaseStore implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, LABEL_MIGRATIONS);
  }

  async find(itemIds: readonly string[]): Promise<Map<string, StoredLabel>> {
    if (itemIds.length === 0) return new Map();
    const { rows } = await this.sql.query<StoredLabel>(
      'select item_id, tracking_number, label_key, piece_tracking_numbers from label_purchases where item_id = any($1::text[])',
      [itemIds],
    );
    return new Map(rows.map((row) => [row.item_id, storedLabel(row)]));
  }

  /**
   * Records bought labels and ends their purchase intents in one statement, and answers the rows
   * of their items. The first record of an item wins: a concurrent duplicate (another process)
   * gets the first one back, read again; the rows written here come back from the statement.
   * Rows are written and locked in item order, as intents are claimed.
   */
  async record(labels: readonly StoredLabel[]): Promise<Map<string, StoredLabel>> {
    if (labels.length === 0) return new Map();
    const { rows } = await this.sql.query<StoredLabel>(
      `with recorded as (
         insert into label_purchases (item_id, tracking_number, label_key, piece_tracking_numbers)
         select item_id, tracking_number, label_key,
                case when pieces is null then null else array(select jsonb_array_elements_text(pieces)) end
           from unnest($1::text[], $2::text[], $3::text[], $4::jsonb[]) as label (item_id, tracking_number, label_key, pieces)
          order by item_id
         on conflict (item_id) do nothing
         returning item_id, tracking_number, label_key, piece_tracking_numbers
       ), ended as (
         delete from label_purchase_intents where item_id in (
           select item_id from label_purchase_intents where item_id = any($1::text[]) order by item_id for update
         )
       )
       select item_id, tracking_number, label_key, piece_tracking_numbers from recorded`,
      [
        labels.map((label) => label.item_id),
        labels.map((label) => label.tracking_number),
        labels.map((label) => label.label_key),
        labels.map((label) =>
          label.piece_tracking_numbers ? JSON.stringify(label.piece_tracking_numbers) : null,
        ),
      ],
    );
    const recorded = new Map(rows.map((row) => [row.item_id, storedLabel(row)]));
    // An item recorded first by another process answers that process's row.
    const earlier = await this.find(
      labels.filter((label) => !recorded.has(label.item_id)).map((label) => label.item_id),
    );
    return new Map([...recorded, ...earlier]);
  }
}

/** A row as a label: a label of one piece has no piece tracking numbers. */
function storedLabel({ piece_tracking_numbers, ...row }: StoredLabel): StoredLabel {
  return piece_tracking_numbers ? { ...row, piece_tracking_numbers } : row;
}
