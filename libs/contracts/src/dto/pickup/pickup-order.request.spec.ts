import { validateRequest } from '../../validation';
import { PickupOrderRequest } from './pickup-order.request';

const address = () => ({
  name: 'Acme Dock',
  street_1: '1 Main St',
  city: 'Austin',
  zip: '73301',
  state: 'TX',
  country: 'US',
  telephone: '(512) 555-0100',
  is_residential: false,
});

const fedexPiece = () => ({
  service: 'PICKUP-FEDEX-1',
  is_gfp: false,
  container_type: 'package',
  quantity: 2,
  weight: 10.5,
  destination_country_code: 'US',
});

const fedexPickup = () => ({
  from_address: address(),
  carrier: 'fedex',
  pickup_date: '2026-12-01',
  ready_time: '09:00',
  close_time: '17:00',
  pieces: [fedexPiece()],
});

const errorsOf = (body: unknown) => {
  const result = validateRequest(PickupOrderRequest, body);
  return result.ok ? {} : result.errors;
};

describe('pickup order request', () => {
  it('accepts a complete first-carrier pickup', () => {
    expect(errorsOf(fedexPickup())).toEqual({});
  });

  it('reads the month-first slash form of the samples as the same day', () => {
    const result = validateRequest(PickupOrderRequest, { ...fedexPickup(), pickup_date: '12/01/2026' });
    expect(result.ok && result.value.pickup_date).toBe('2026-12-01');
  });

  it.each(['2026-02-30', '13/01/2026', '02/30/2026', '2026/12/01', '1-12-2026', 20261201])(
    'refuses the date %p',
    (date) => {
      expect(errorsOf({ ...fedexPickup(), pickup_date: date })).toEqual({
        pickup_date: [
          typeof date === 'number'
            ? 'The pickup_date must be a string.'
            : 'The pickup_date must be a date in the format Y-m-d or m/d/Y.',
        ],
      });
    },
  );

  it.each(['fedex', 'ups'])('requires pickup_date, ready_time and close_time for %s', (carrier) => {
    const { pickup_date: _d, ready_time: _r, close_time: _c, ...rest } = fedexPickup();
    const message = (field: string) => `The ${field} field is required when carrier is fedex or ups.`;
    expect(
      errorsOf({
        ...rest,
        carrier,
        pieces: [{ ...fedexPiece(), service: `PICKUP-${carrier.toUpperCase()}-1` }],
      }),
    ).toEqual({
      pickup_date: [message('pickup_date')],
      ready_time: [message('ready_time')],
      close_time: [message('close_time')],
    });
  });

  it.each(['dhl', 'usps'])('needs no date or window for %s', (carrier) => {
    const { pickup_date: _d, ready_time: _r, close_time: _c, ...rest } = fedexPickup();
    expect(
      errorsOf({
        ...rest,
        carrier,
        pieces: [{ service: `PICKUP-${carrier.toUpperCase()}-1`, quantity: 1, weight: 2 }],
      }),
    ).toEqual({});
  });

  it('refuses a close time that is not after the ready time, and times that are not H:i', () => {
    expect(errorsOf({ ...fedexPickup(), ready_time: '17:00', close_time: '09:00' })).toEqual({
      close_time: ['The close_time must be a time after ready_time.'],
    });
    expect(errorsOf({ ...fedexPickup(), ready_time: '9:00' })).toEqual({
      ready_time: ['The ready_time must be a time in the format H:i.'],
    });
  });

  it('requires is_gfp, container_type and destination_country_code on every piece for the first carrier only', () => {
    const bare = { service: 'PICKUP-FEDEX-1', quantity: 1, weight: 1 };
    expect(errorsOf({ ...fedexPickup(), pieces: [fedexPiece(), bare] })).toEqual({
      'pieces.1.is_gfp': ['The pieces.1.is_gfp field is required when carrier is fedex.'],
      'pieces.1.container_type': ['The pieces.1.container_type field is required when carrier is fedex.'],
      'pieces.1.destination_country_code': [
        'The pieces.1.destination_country_code field is required when carrier is fedex.',
      ],
    });
    expect(
      errorsOf({ ...fedexPickup(), carrier: 'ups', pieces: [{ ...bare, service: 'PICKUP-UPS-1' }] }),
    ).toEqual({});
  });

  it('refuses an unknown carrier, a container type other than package or letter, and a bad country', () => {
    expect(errorsOf({ ...fedexPickup(), carrier: 'FEDEX' })).toEqual({
      carrier: ['The selected carrier is invalid.'],
    });
    expect(
      errorsOf({
        ...fedexPickup(),
        pieces: [{ ...fedexPiece(), container_type: 'box', destination_country_code: 'XX' }],
      }),
    ).toEqual({
      'pieces.0.container_type': ['The selected pieces.0.container_type is invalid.'],
      'pieces.0.destination_country_code': [
        'The pieces.0.destination_country_code must be a valid ISO 3166-1 alpha-2 country code.',
      ],
    });
  });

  it('accepts only known pickup services, and only of the chosen carrier', () => {
    expect(errorsOf({ ...fedexPickup(), pieces: [{ ...fedexPiece(), service: 'PICKUP-FEDEX-99' }] })).toEqual(
      {
        'pieces.0.service': ['The selected pieces.0.service is invalid.'],
      },
    );
    expect(errorsOf({ ...fedexPickup(), pieces: [{ ...fedexPiece(), service: 'PICKUP-UPS-1' }] })).toEqual({
      'pieces.0.service': ['The pieces.0.service must be a pickup service of fedex.'],
    });
  });

  it('lets ground freight pieces leave the service out, where the carrier offers ground freight', () => {
    const { service: _s, ...gfp } = { ...fedexPiece(), is_gfp: true };
    expect(errorsOf({ ...fedexPickup(), pieces: [gfp] })).toEqual({});
    expect(errorsOf({ ...fedexPickup(), carrier: 'ups', pieces: [gfp] })).toEqual({
      'pieces.0.is_gfp': ['Ground freight pickup is not offered by ups.'],
    });
    const { service: _none, ...plain } = fedexPiece();
    expect(errorsOf({ ...fedexPickup(), pieces: [plain] })).toEqual({
      'pieces.0.service': ['The pieces.0.service field is required.'],
    });
  });

  it('requires quantity and weight of every piece, as positive numbers', () => {
    expect(errorsOf({ ...fedexPickup(), pieces: [{ ...fedexPiece(), quantity: 0, weight: -1 }] })).toEqual({
      'pieces.0.quantity': ['The pieces.0.quantity must be at least 1.'],
      'pieces.0.weight': ['The pieces.0.weight must be greater than 0.'],
    });
    expect(errorsOf({ ...fedexPickup(), pieces: [] })).toEqual({ pieces: ['The pieces field is required.'] });
  });

  it('needs from_address with is_residential unless from_address_id is sent, which takes priority', () => {
    const { from_address: _a, ...rest } = fedexPickup();
    expect(errorsOf(rest)).toEqual({
      from_address: ['The from_address field is required when from_address_id is not present.'],
    });
    const { is_residential: _r, ...withoutFlag } = address();
    expect(errorsOf({ ...rest, from_address: withoutFlag })).toEqual({
      'from_address.is_residential': ['The from_address.is_residential field is required.'],
    });
    const result = validateRequest(PickupOrderRequest, {
      ...rest,
      from_address_id: 1,
      from_address: { city: 5 },
    });
    expect(result.ok && result.value.from_address).toBeUndefined();
  });

  it('accepts a telephone with any characters (the pickup-order listing states no digit count)', () => {
    expect(errorsOf(fedexPickup())).toEqual({});
  });
});
