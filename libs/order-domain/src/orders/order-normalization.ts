import type { FreightItem, ParcelOrder } from './order-types';

export interface ForcedDimensions {
  forced_length: number | null;
  forced_width: number | null;
}

/** Some freight package types (standard pallets) fix length and width whatever the caller sent. */
export function applyForcedDimensions(
  items: FreightItem[],
  packageType: (code: string) => ForcedDimensions | undefined,
): FreightItem[] {
  return items.map((item) => {
    const forced = packageType(item.package_type);
    return {
      ...item,
      length: forced?.forced_length ?? item.length,
      width: forced?.forced_width ?? item.width,
    };
  });
}

export interface UnitPreferences {
  weight_unit: 'LBS' | 'KG';
  length_unit: 'IN' | 'CM';
}

type WithOptionalUnits = Omit<ParcelOrder, 'weight_unit' | 'length_unit'> & {
  weight_unit?: 'LBS' | 'KG' | null;
  length_unit?: 'IN' | 'CM' | null;
};

/** Units a caller leaves out come from the account's preferences. */
export function applyUnitPreferences(order: WithOptionalUnits, preferences: UnitPreferences): ParcelOrder {
  return {
    ...order,
    weight_unit: order.weight_unit ?? preferences.weight_unit,
    length_unit: order.length_unit ?? preferences.length_unit,
  };
}
