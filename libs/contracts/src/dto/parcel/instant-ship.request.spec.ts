import { validateRequest } from '../../validation';
import {
  deAddress,
  errorsOf,
  parcelPackage,
  usAddress,
  validated,
  withField,
  withoutField,
} from '../request-bodies.fixture';
import { INSTANT_SHIP_SERVICE_MESSAGE, InstantShipRequest } from './instant-ship.request';

const instantShip = () => ({
  service: 'USPS-1',
  shipper_id: 1,
  from_address: usAddress(),
  to_address: {
    ...usAddress(),
    name: 'John Receiver',
    city: 'Boston',
    state: 'MA',
    zip: '02108',
    email: 'john@example.com',
  },
  package_list: [parcelPackage()],
});

describe('InstantShipRequest', () => {
  it('accepts a minimal body, ignoring bad addresses by default', () => {
    const request = validated(InstantShipRequest, instantShip());
    expect(request.to_address.ignore_bad_address).toBe(true);
    expect(request.to_address.email).toBe('john@example.com');
    expect([request.weight_unit, request.length_unit]).toEqual([undefined, undefined]);
  });

  it.each(['USPS-1', 'USPS-2', 'USPS-3'])('offers %s', (service) => {
    expect(validateRequest(InstantShipRequest, { ...instantShip(), service }).ok).toBe(true);
  });

  it.each(['USPS-4', 'USPS-9', 'PICKUP-FEDEX-1', 'usps-1', 7])(
    'refuses the service %p with the services it offers',
    (service) => {
      expect(errorsOf(InstantShipRequest, { ...instantShip(), service })).toEqual({
        service: [INSTANT_SHIP_SERVICE_MESSAGE],
      });
    },
  );

  it('names the services it offers as the interface does', () => {
    expect(INSTANT_SHIP_SERVICE_MESSAGE).toBe(
      'The selected service is invalid: instant ship offers USPS-1, USPS-2 and USPS-3 only.',
    );
  });

  it('requires service, shipper_id, to_address and package_list', () => {
    expect(Object.keys(errorsOf(InstantShipRequest, {})).sort()).toEqual([
      'from_address',
      'package_list',
      'service',
      'shipper_id',
      'to_address',
    ]);
  });

  it('needs no from_address when a from_address_id is sent', () => {
    expect(
      validateRequest(InstantShipRequest, {
        ...withoutField(instantShip(), 'from_address'),
        from_address_id: 1,
      }).ok,
    ).toBe(true);
  });

  it('holds telephones to 10-15 digits on both addresses', () => {
    const errors = errorsOf(
      InstantShipRequest,
      withField(
        withField(instantShip(), 'to_address.telephone', '555-0100'),
        'from_address.telephone',
        '1234567890123456',
      ),
    );
    expect(Object.keys(errors).sort()).toEqual(['from_address.telephone', 'to_address.telephone']);
  });

  it('keeps ignore_bad_address false when sent false, and refuses a non-boolean', () => {
    expect(
      validated(InstantShipRequest, withField(instantShip(), 'to_address.ignore_bad_address', false))
        .to_address.ignore_bad_address,
    ).toBe(false);
    expect(
      Object.keys(
        errorsOf(InstantShipRequest, withField(instantShip(), 'to_address.ignore_bad_address', 'yes')),
      ),
    ).toEqual(['to_address.ignore_bad_address']);
  });

  it('needs customs items on an international shipment', () => {
    expect(Object.keys(errorsOf(InstantShipRequest, { ...instantShip(), to_address: deAddress() }))).toEqual([
      'package_list.0.items',
    ]);
  });
});
