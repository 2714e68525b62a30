import { BooleanField } from '../../validation';
import { ContactAddress } from './address.dto';

/**
 * `POST /addresses`: a saved from address. Strict telephone and an optional email, because a
 * saved address may later stand in for the from_address of a batch or a pickup-rate request.
 */
export class AddressBookEntryRequest extends ContactAddress {
  @BooleanField({ presence: 'defaulted' })
  is_residential = false;
}
