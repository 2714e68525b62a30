import { validateRequest } from '../validation';
import { FreightOrderRequest } from './freight/freight-order.request';
import { ParcelOrderRequest } from './parcel/parcel-order.request';
import { PickupRatesRequest } from './pickup/pickup-rates.request';
import { AddressBookEntryRequest } from './address/address-book-entry.request';
import { LIMITS } from './limits';

const address = {
  name: 'A',
  street_1: 'S',
  city: 'C',
  zip: '1',
  state: 'NY',
  country: 'US',
  telephone: '2125550100',
};
const errorsOf = (cls: new () => object, body: unknown) => {
  const result = validateRequest(cls, body);
  return result.ok ? {} : result.errors;
};

describe('upper bounds of measures and amounts', () => {
  it('refuses a parcel heavier or larger than any parcel', () => {
    const body = {
      from_address: address,
      to_address: address,
      package_list: [{ count: 1, length: LIMITS.parcelDimension + 1, width: 1, height: 1, weight: 1e308 }],
    };
    expect(errorsOf(ParcelOrderRequest, body)).toEqual({
      'package_list.0.length': [
        `The package_list.0.length must not be greater than ${LIMITS.parcelDimension}.`,
      ],
      'package_list.0.weight': [`The package_list.0.weight must not be greater than ${LIMITS.parcelWeight}.`],
    });
  });

  it('refuses freight weights and reefer temperatures beyond reason', () => {
    const body = {
      pickup_date: '2026-12-01',
      vehicle_type: 'reefer',
      reefer_details: { instruction: 'cycle', min_temperature: -1e9, max_temperature: 8 },
      from_opening_time: '08:00',
      from_closing_time: '17:00',
      from_address: address,
      to_opening_time: '08:00',
      to_closing_time: '17:00',
      to_address: address,
      items: [
        { count: 1, length: 1, width: 1, height: 1, weight: LIMITS.freightWeight + 1, description: 'd' },
      ],
    };
    expect(Object.keys(errorsOf(FreightOrderRequest, body)).sort()).toEqual([
      'items.0.weight',
      'reefer_details.min_temperature',
    ]);
  });

  it('refuses a pickup piece weight that would overflow a price', () => {
    const body = {
      from_address: { ...address, is_residential: false },
      carrier: 'dhl',
      pieces: [{ quantity: 1, weight: 1e308 }],
    };
    expect(errorsOf(PickupRatesRequest, body)).toEqual({
      'pieces.0.weight': [`The pieces.0.weight must not be greater than ${LIMITS.pickupPieceWeight}.`],
    });
  });

  it('answers an email of broken Unicode as an invalid email rather than throwing', () => {
    expect(errorsOf(AddressBookEntryRequest, { ...address, email: '\ud800@x.io' })).toEqual({
      email: ['The email must be a valid email address.'],
    });
  });
});
