import type { AccountAddress, AccountPreferences } from '@shipping/contracts-core';
import { NO_RATE_MESSAGE } from '../pricing/shipment-price';
import { pricedItem } from './item-validation';

const preferences: AccountPreferences = { weight_unit: 'LBS', length_unit: 'IN' };
const savedFrom = { id: 7 } as AccountAddress;

describe('a batch item that passed the request rules', () => {
  it('is priced on the rate card, with the units defaulted and the saved sender kept', () => {
    const shipment = { package_list: [{ count: 2, weight: 1 }] };
    expect(pricedItem('i0', 'USPS-1', shipment, savedFrom, preferences)).toEqual({
      item_id: 'i0',
      valid: true,
      price_cents: 2 * 995,
      shipment: { ...shipment, weight_unit: 'LBS', length_unit: 'IN', from_address_id: 7 },
    });
  });

  it('keeps the units it was sent', () => {
    const shipment = { weight_unit: 'KG', length_unit: 'CM', package_list: [{ count: 1, weight: 0.9 }] };
    expect(pricedItem('i0', 'USPS-1', shipment, undefined, preferences)).toMatchObject({
      price_cents: 1165,
      shipment,
    });
  });

  it('is invalid when the service has no rate for a package', () => {
    const shipment = { package_list: [{ count: 1, weight: 70.01 }] };
    expect(pricedItem('i0', 'USPS-1', shipment, undefined, preferences)).toEqual({
      item_id: 'i0',
      valid: false,
      errors: { package_list: [NO_RATE_MESSAGE] },
    });
  });
});
