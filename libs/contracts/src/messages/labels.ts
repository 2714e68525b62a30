import type { LengthUnit, WeightUnit } from '../dto/parcel/parcel-shipment.fields';
import type { PostalAddress } from '@shipping/contracts-core';

/** Carrier labels and merged label files, owned by the label app. Requests travel as `AppMessage<payload>`. */
export const LabelPatterns = {
  purchase: 'label.purchase',
  merge: 'label.merge',
  readFile: 'label.file.read',
  schedulePickup: 'label.pickup.schedule',
  cancelPickup: 'label.pickup.cancel',
} as const;

/** The interface's limit: a merged label file holds at most this many labels. */
export const MAX_LABELS_PER_FILE = 100;

export type LabelAddress = PostalAddress;

export interface LabelPackage {
  count: number;
  length: number;
  width: number;
  height: number;
  /** Of one piece, in the shipment's weight_unit. */
  weight: number;
  box_type?: string | null;
  reference_1?: string | null;
  reference_2?: string | null;
  signature?: string | null;
  /** The package's customs items (required between two countries): those of each of its pieces. */
  items?: LabelCustomsItem[] | null;
  insurance?: boolean;
}

/** One line of a package's customs declaration, as the interface's customs item. */
export interface LabelCustomsItem {
  quantity: number;
  /** Of one unit, in US dollars. */
  price: number;
  country_of_manufacture: string;
  sku: string;
  hs_code: string;
  description: string;
  content_type?: string;
}

/** A validated parcel shipment with its units resolved (the account's preferences applied). */
export interface LabelShipment {
  from_address: LabelAddress;
  to_address: LabelAddress;
  weight_unit: WeightUnit;
  length_unit: LengthUnit;
  package_list: LabelPackage[];
  /** The interface's customs_details: the ITN of the export filing, when one was made. */
  customs_details?: { aes_itn?: string | null } | null;
  /** Ship even when the carrier flags the to_address as bad (instant ship's option); default true. */
  ignore_bad_address?: boolean;
}

export interface LabelPurchaseItem {
  item_id: string;
  shipment: LabelShipment;
}

/** Buys one label per item with one service. Once per item: a repeat answers what was bought. */
export interface LabelPurchaseRequest {
  service: string;
  items: LabelPurchaseItem[];
  /**
   * The shipper's carrier and integration, which pick the carrier adapter (see the label app), and
   * the account and shipper whose stored carrier credentials a live purchase on its own
   * integration is bought with.
   */
  shipper?: { carrier: string; integration: 'own' | 'platform'; account_id?: string; shipper_id?: number };
  /** The mode of the API key the labels were asked with; unset is a test. */
  mode?: 'test' | 'live';
}

export type LabelPurchaseResult =
  | {
      item_id: string;
      ok: true;
      /** The first piece's, when the shipment's pieces were bought one label each. */
      tracking_number: string;
      label_key: string;
      /** Every piece's tracking number in package_list order, when there are several. */
      piece_tracking_numbers?: string[];
    }
  | { item_id: string; ok: false; reason: string };

/** One result per requested item, in request order. */
export type LabelPurchaseReply = LabelPurchaseResult[];

/** One merged file to make: a group of bought labels, by the keys their purchases answered. */
export interface LabelFileRequest {
  /** 1-based file number. */
  file: number;
  /** The labels the file holds, in this order; at most MAX_LABELS_PER_FILE. */
  label_keys: string[];
}

/**
 * The group as batch apps before label keys sent it: item ids whose labels the label app looked up.
 * Still read, so a batch app of the version before keeps merging while the apps roll out.
 */
export interface LegacyLabelFileRequest {
  file: number;
  item_ids: string[];
}

/** The groups of a batch to merge, one file each (the batch app sends each group as it settles). */
export interface LabelMergeRequest {
  batch_id: string;
  files: LabelFileRequest[];
}

export interface MergedLabelFileInfo {
  file: number;
  /** Path relative to the label root; label URLs are signed over it. */
  key: string;
  pages: number;
}

export interface LabelMergeReply {
  files: MergedLabelFileInfo[];
}

export interface LabelFileReadRequest {
  key: string;
}

/** The reply to `readFile`: the file's bytes, or null when no file has that key. */
export type LabelFileContent = { content_base64: string } | null;

/**
 * A pickup to schedule with the shipper's carrier, once per `pickup_key` (the pickup order's
 * stream): a repeat answers what the first request got, and a carrier asked once whose answer was
 * lost is not asked again.
 */
export interface CarrierPickupScheduleRequest {
  pickup_key: string;
  shipper: { carrier: string; integration: 'own' | 'platform'; account_id: string; shipper_id: number };
  mode: 'test' | 'live';
  pickup: {
    /** Y-m-d. */
    date: string;
    address: LabelAddress;
    /** Pieces by pickup service code. */
    pieces: { service: string; count: number }[];
    estimated_weight_lbs: number;
    is_residential: boolean;
  };
}

/**
 * `confirmation_number` null: no carrier adapter schedules pickups for this shipper (the sandbox),
 * and the pickup stays as the pickup app keeps it. `outcome_unknown`: the carrier may have
 * scheduled it, but its answer was lost, and it is not asked again.
 */
export type CarrierPickupScheduleReply =
  { ok: true; confirmation_number: string | null } | { ok: false; reason: string; outcome_unknown?: boolean };

export interface CarrierPickupCancelRequest {
  pickup_key: string;
  shipper: CarrierPickupScheduleRequest['shipper'];
  mode: 'test' | 'live';
  confirmation_number: string;
}

export type CarrierPickupCancelReply = { ok: true } | { ok: false; reason: string };
