import { validateRequest } from '../../validation';
import { PickupRatesRequest, VALID_FROM_ADDRESS_MESSAGE } from './pickup-rates.request';

const address = () => ({
  name: 'Acme Dock',
  street_1: '1 Main St',
  city: 'Austin',
  zip: '73301',
  state: 'TX',
  country: 'US',
  telephone: '5125550100',
  email: 'dock@acme.example',
  is_residential: true,
});

const fedexRates = () => ({
  from_address: address(),
  carrier: 'fedex',
  pickup_date: '2026-12-01',
  ready_time: '09:00',
  close_time: '17:00',
  pieces: [
    {
      container_type: 'package',
      quantity: 1,
      weight: 5,
      destination_country_code: 'CA',
      service: 'PICKUP-FEDEX-1',
    },
  ],
});

const errorsOf = (body: unknown) => {
  const result = validateRequest(PickupRatesRequest, body);
  return result.ok ? {} : result.errors;
};

describe('pickup rates request', () => {
  it('accepts a complete first-carrier request with an email in the address', () => {
    expect(errorsOf(fedexRates())).toEqual({});
  });

  it('says a valid from address is required under from_address_id when no sender is sent', () => {
    const { from_address: _a, ...rest } = fedexRates();
    expect(errorsOf(rest)).toEqual({ from_address_id: [VALID_FROM_ADDRESS_MESSAGE] });
  });

  it('requires the telephone to be 10-15 digits in a rate address', () => {
    expect(errorsOf({ ...fedexRates(), from_address: { ...address(), telephone: '555-0100' } })).toEqual({
      'from_address.telephone': ['The from_address.telephone must be between 10 and 15 digits.'],
    });
  });

  it('requires pickup_date unless the carrier is the third one', () => {
    const { pickup_date: _d, ...rest } = fedexRates();
    expect(errorsOf({ ...rest, carrier: 'ups', pieces: [{ quantity: 1, weight: 1 }] })).toEqual({
      pickup_date: ['The pickup_date field is required unless carrier is dhl.'],
    });
    expect(errorsOf({ ...rest, carrier: 'dhl', pieces: [{ quantity: 1, weight: 1 }] })).toEqual({});
  });

  it('requires the window, container_type and destination_country_code for the first carrier only', () => {
    const { ready_time: _r, close_time: _c, ...rest } = fedexRates();
    expect(errorsOf({ ...rest, pieces: [{ quantity: 1, weight: 1 }] })).toEqual({
      ready_time: ['The ready_time field is required when carrier is fedex.'],
      close_time: ['The close_time field is required when carrier is fedex.'],
      'pieces.0.container_type': ['The pieces.0.container_type field is required when carrier is fedex.'],
      'pieces.0.destination_country_code': [
        'The pieces.0.destination_country_code field is required when carrier is fedex.',
      ],
    });
    expect(errorsOf({ ...rest, carrier: 'ups', pieces: [{ quantity: 1, weight: 1 }] })).toEqual({});
  });

  it('checks a service when one is sent', () => {
    expect(
      errorsOf({
        ...fedexRates(),
        carrier: 'ups',
        ready_time: undefined,
        pieces: [{ quantity: 1, weight: 1, service: 'PICKUP-FEDEX-1' }],
      }),
    ).toEqual({
      'pieces.0.service': ['The pieces.0.service must be a pickup service of ups.'],
    });
  });

  it('accepts the month-first slash date of the samples', () => {
    const result = validateRequest(PickupRatesRequest, { ...fedexRates(), pickup_date: '01/15/2027' });
    expect(result.ok && result.value.pickup_date).toBe('2027-01-15');
  });
});
