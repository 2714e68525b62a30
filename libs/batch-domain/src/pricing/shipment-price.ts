import { type ParcelWeightUnit, parcelRateCents, weightInOunces } from '@shipping/reference-data';

/** The parts of a validated shipment (units already defaulted) that its price depends on. */
export interface PricedShipment {
  weight_unit: ParcelWeightUnit;
  package_list: readonly { count: number; weight: number }[];
}

export const NO_RATE_MESSAGE = 'The package_list has a package too heavy for the service.';

/** Kilograms become ounces through a float factor; a piece of exactly 1 lb must stay in the 16 oz bracket. */
const roundOunces = (ounces: number) => Math.round(ounces * 1e6) / 1e6;

/**
 * The price of a shipment on the service's rate card, in cents: each package's pieces at the rate
 * of the bracket its per-piece weight falls in. Undefined when the service is unknown, when a piece
 * is heavier than the service's largest bracket, or when there is no package to price.
 */
export function shipmentPriceCents(service: string, shipment: PricedShipment): number | undefined {
  if (shipment.package_list.length === 0) return undefined;
  let total = 0;
  for (const parcel of shipment.package_list) {
    const rate = parcelRateCents(service, roundOunces(weightInOunces(parcel.weight, shipment.weight_unit)));
    if (rate === undefined) return undefined;
    total += parcel.count * rate;
  }
  return total;
}
