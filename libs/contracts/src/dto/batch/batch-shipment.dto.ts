import { documented, field, isString, messages } from '../../validation';
import { ContactAddress } from '../address/address.dto';
import { ParcelShipmentFields } from '../parcel/parcel-shipment.fields';

export const LABEL_FORMAT_MESSAGE = 'The :attribute must be pdf: only the PDF label format is supported.';

function LabelFormatField(): PropertyDecorator {
  return documented(
    { presence: 'optional' },
    { type: 'string', enum: ['pdf'] },
    field({ presence: 'optional' }, [
      { name: 'string', test: isString, message: messages.string },
      {
        name: 'label_format',
        test: (value) => isString(value) && value.toLowerCase() === 'pdf',
        message: LABEL_FORMAT_MESSAGE,
      },
    ]),
  );
}

class ShipmentWithLabelFormat extends ParcelShipmentFields({ from: ContactAddress, to: ContactAddress }) {
  /** Not a field of the interface; a caller who asks for another format is told, not ignored. */
  @LabelFormatField()
  label_format?: string | null;
}

/**
 * One element of `batch_shipments`, validated on its own as a batch item: error paths are relative
 * to the shipment (`to_address.telephone`). Its fields are all inherited because class-validator
 * checks a class's own fields before inherited ones: label_format stays the last one reported.
 */
export class BatchShipment extends ShipmentWithLabelFormat {}
