import { monthDayYear, pickupOrderView } from './pickup-view';
import type { PickupOrder } from './pickup-types';

const pickup: PickupOrder = {
  from_address: {
    id: null,
    name: 'Acme',
    attention: null,
    street_1: '1 Main St',
    street_2: null,
    street_3: null,
    city: 'Austin',
    zip: '73301',
    state: 'TX',
    country: 'US',
    telephone: '5125550100',
    email: null,
    is_residential: false,
  },
  carrier: 'fedex',
  pickup_date: '2026-12-01',
  ready_time: '09:00',
  close_time: '17:30',
  pieces: [
    {
      service: 'PICKUP-FEDEX-1',
      is_gfp: false,
      container_type: 'package',
      quantity: 3,
      weight_hundredths: 110,
      destination_country_code: 'US',
    },
    {
      service: 'PICKUP-FEDEX-2',
      is_gfp: false,
      container_type: 'letter',
      quantity: 2,
      weight_hundredths: 20,
      destination_country_code: 'CA',
    },
  ],
};

describe('pickup order view', () => {
  it('answers the Pickup order object of the interface', () => {
    expect(pickupOrderView(42, pickup, (code) => `name of ${code}`)).toEqual({
      id: 42,
      from_address: pickup.from_address,
      piece_count: 5,
      status: 'ready',
      carrier: 'fedex',
      pieces: [
        {
          readable_service: 'name of PICKUP-FEDEX-1',
          is_gfp: false,
          service: 'PICKUP-FEDEX-1',
          container_type: 'package',
          quantity: 3,
          weight: 2,
          destination_country_code: 'US',
        },
        {
          readable_service: 'name of PICKUP-FEDEX-2',
          is_gfp: false,
          service: 'PICKUP-FEDEX-2',
          container_type: 'letter',
          quantity: 2,
          weight: 1,
          destination_country_code: 'CA',
        },
      ],
      total_weight: '3.7 lbs',
      ready_time: '09:00',
      close_time: '17:30',
      pickup_date: '12-01-2026',
      confirmation_number: null,
      carrier_message: null,
    });
  });

  it('shows the carrier confirmation number, and the carrier message of a failed pickup', () => {
    const scheduled = pickupOrderView(42, pickup, String, {
      status: 'scheduled',
      confirmation_number: 'WTC1',
    });
    expect(scheduled).toMatchObject({
      status: 'scheduled',
      confirmation_number: 'WTC1',
      carrier_message: null,
    });
    const failed = pickupOrderView(42, pickup, String, {
      status: 'failed',
      reason: 'USPS: Invalid ZIP Code',
      outcome_unknown: false,
    });
    expect(failed).toMatchObject({
      status: 'failed',
      confirmation_number: null,
      carrier_message: 'USPS: Invalid ZIP Code',
    });
  });

  it('writes dates month first with dashes, and leaves a missing date null', () => {
    expect(monthDayYear('2027-01-09')).toBe('01-09-2027');
    expect(monthDayYear(null)).toBeNull();
  });
});
