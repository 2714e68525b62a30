import { isBatchServiceCode, PARCEL_SERVICES } from '@shipping/reference-data';
import { type FieldErrors, MAX_BATCH_SHIPMENTS } from '@shipping/contracts-core';
import {
  documented,
  field,
  type HasCrossFieldRules,
  InField,
  IntegerField,
  isBlankList,
  isObject,
  isString,
  MAX_ID,
  messages,
} from '../../validation';
import { BatchShipment } from './batch-shipment.dto';

/**
 * The most JSON one batch shipment may take: each is recorded whole in one event, and one event
 * must fit in one append of the event store (EventStoreDB takes 1 MiB by default).
 */
export const MAX_BATCH_SHIPMENT_KILOBYTES = 256;

/** Batches ship with the parcel services of the carriers that ship batches (reference data). */
export const isBatchService = (code: unknown): code is string => isString(code) && isBatchServiceCode(code);
const BATCH_SERVICE_CODES = PARCEL_SERVICES.map((service) => service.code).filter(isBatchServiceCode);

/** A non-empty array of at most 1,000 elements; that each element is an object is a cross-field rule. */
function ShipmentsField(): PropertyDecorator {
  const schema = { type: () => BatchShipment, isArray: true, minItems: 1, maxItems: MAX_BATCH_SHIPMENTS };
  return documented(
    {},
    schema,
    field(
      {},
      [
        { name: 'array', test: Array.isArray, message: messages.array },
        {
          name: 'max_items',
          test: (value) => Array.isArray(value) && value.length <= MAX_BATCH_SHIPMENTS,
          message: messages.maxItems(MAX_BATCH_SHIPMENTS),
        },
      ],
      [],
      isBlankList,
    ),
  );
}

/**
 * `POST /batches`. The shipments are checked for shape (and size) only and kept exactly as sent:
 * each one is validated later, on its own, as a batch item (see BatchShipment), so one bad
 * shipment makes one invalid item instead of refusing the whole batch.
 */
export class CreateBatchRequest implements HasCrossFieldRules {
  @IntegerField({ min: 1, max: MAX_ID })
  shipper_id!: number;

  @InField({ test: isBatchService, codes: BATCH_SERVICE_CODES })
  service!: string;

  @ShipmentsField()
  batch_shipments!: Record<string, unknown>[];

  crossFieldErrors(): FieldErrors {
    const shipments: unknown = this.batch_shipments;
    if (!Array.isArray(shipments) || shipments.length > MAX_BATCH_SHIPMENTS) return {};
    const errors: FieldErrors = {};
    shipments.forEach((shipment: unknown, index) => {
      if (!isObject(shipment)) errors[`batch_shipments.${index}`] = [messages.object];
      else if (Buffer.byteLength(JSON.stringify(shipment)) > MAX_BATCH_SHIPMENT_KILOBYTES * 1024)
        errors[`batch_shipments.${index}`] = [messages.maxKilobytes(MAX_BATCH_SHIPMENT_KILOBYTES)];
    });
    return errors;
  }
}
