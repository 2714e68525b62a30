import { BooleanField } from '../../validation';

export class ExtraServices {
  @BooleanField({ presence: 'defaulted' })
  saturday_delivery = false;

  @BooleanField({ presence: 'defaulted' })
  certified_mail = false;

  @BooleanField({ presence: 'defaulted' })
  return_receipt = false;

  @BooleanField({ presence: 'defaulted' })
  return_receipt_electronic = false;

  @BooleanField({ presence: 'defaulted' })
  restricted_delivery = false;
}
