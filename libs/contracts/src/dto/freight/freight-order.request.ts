import type { FieldErrors } from '@shipping/contracts-core';
import {
  BooleanField,
  DateField,
  type HasCrossFieldRules,
  InField,
  IntegerField,
  isObject,
  ListField,
  ObjectField,
  StringField,
  TimeField,
} from '../../validation';
import { FreightAddress } from '../address/address.dto';
import { FROM_ADDRESS_RULES, OPTIONAL_ID } from '../from-address';
import { EmergencyContact } from './emergency-contact.dto';
import { FreightItem } from './freight-item.dto';
import { ReeferDetails } from './reefer-details.dto';

export const VEHICLE_TYPES = ['dry_van', 'flatbed', 'reefer'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const MAX_FREIGHT_ITEMS = 100;
const MAX_INSTRUCTIONS_LENGTH = 1000;

/** `POST freight-orders`. */
export class FreightOrderRequest implements HasCrossFieldRules {
  @IntegerField(OPTIONAL_ID)
  shipment_order_id?: number | null;

  @DateField()
  pickup_date!: string;

  @InField(VEHICLE_TYPES, { presence: 'defaulted' })
  vehicle_type: VehicleType = 'dry_van';

  @ObjectField(() => ReeferDetails, {
    presence: (order) => (order.vehicle_type === 'reefer' ? 'required' : 'optional'),
    requiredMessage: 'The :attribute field is required when :sibling(vehicle_type) is reefer.',
  })
  reefer_details?: ReeferDetails | null;

  /**
   * Ours: the interface requires each item's price "if insurance is selected" without naming the
   * field that selects it.
   */
  @BooleanField({ presence: 'defaulted' })
  insurance = false;

  @TimeField()
  from_opening_time!: string;

  @TimeField()
  from_closing_time!: string;

  @StringField({ presence: 'optional', max: MAX_INSTRUCTIONS_LENGTH })
  from_instructions?: string | null;

  @IntegerField(OPTIONAL_ID)
  from_address_id?: number | null;

  @ObjectField(() => FreightAddress, FROM_ADDRESS_RULES)
  from_address?: FreightAddress;

  @TimeField()
  to_opening_time!: string;

  @TimeField()
  to_closing_time!: string;

  @StringField({ presence: 'optional', max: MAX_INSTRUCTIONS_LENGTH })
  to_instructions?: string | null;

  @ObjectField(() => FreightAddress)
  to_address!: FreightAddress;

  @ListField(() => FreightItem, { max: MAX_FREIGHT_ITEMS })
  items!: FreightItem[];

  /** Required when any item is hazmat (a rule over the items, see crossFieldErrors). */
  @ObjectField(() => EmergencyContact, { presence: 'optional' })
  emergency_contact?: EmergencyContact | null;

  crossFieldErrors(): FieldErrors {
    const items: unknown[] = Array.isArray(this.items) ? this.items : [];
    const errors: FieldErrors = {};
    if (this.insurance === true) {
      items.forEach((item, index) => {
        if (isObject(item) && (item.price === undefined || item.price === null)) {
          errors[`items.${index}.price`] = ['The :attribute field is required when insurance is true.'];
        }
      });
    }
    const anyHazmat = items.some((item) => isObject(item) && item.is_hazmat === true);
    if (anyHazmat && (this.emergency_contact === undefined || this.emergency_contact === null)) {
      errors.emergency_contact = ['The :attribute field is required when an item has is_hazmat true.'];
    }
    return errors;
  }
}
