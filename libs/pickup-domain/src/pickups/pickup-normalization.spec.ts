import { groundFreightPickupService } from '@shipping/reference-data';
import { toPickupOrder } from './pickup-normalization';

const sender = {
  is_residential: false,
  name: 'Acme Dock 7',
  street_1: '1 Harbour Road',
  city: 'Springfield',
  zip: '62701',
  country: 'US',
  telephone: '2175550100',
};

describe('a pickup order from its validated request', () => {
  const carrier = 'fedex';

  it('gives ground freight pieces the carrier ground freight service, whatever was sent', () => {
    const order = toPickupOrder(
      { carrier, pieces: [{ service: 'anything', is_gfp: true, quantity: 2, weight: 10.25 }] },
      sender,
      null,
    );
    expect(order.pieces).toEqual([
      {
        service: groundFreightPickupService(carrier)?.code,
        is_gfp: true,
        container_type: null,
        quantity: 2,
        weight_hundredths: 1025,
        destination_country_code: null,
      },
    ]);
  });

  it('answers unset times and address lines as null, with the saved address id', () => {
    const order = toPickupOrder({ carrier, pieces: [] }, sender, 7);
    expect(order).toMatchObject({ pickup_date: null, ready_time: null, close_time: null });
    expect(order.from_address).toMatchObject({ id: 7, attention: null, street_2: null, state: null });
  });
});
