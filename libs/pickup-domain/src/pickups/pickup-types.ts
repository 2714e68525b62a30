/** A pickup order after validation, defaults and resolution of the sender's saved address. */
export interface PickupAddress {
  /** The saved address's id when one was used; null for an address sent inline. */
  id: number | null;
  name: string;
  attention: string | null;
  street_1: string;
  street_2: string | null;
  street_3: string | null;
  city: string;
  zip: string;
  state: string | null;
  country: string;
  telephone: string;
  email: string | null;
  is_residential: boolean;
}

export interface PickupPiece {
  service: string;
  is_gfp: boolean;
  container_type: string | null;
  quantity: number;
  /** Hundredths of a pound, per piece: integers, like money in cents, so sums are exact. */
  weight_hundredths: number;
  destination_country_code: string | null;
}

export interface PickupOrder {
  from_address: PickupAddress;
  carrier: string;
  /** Y-m-d, or null when the carrier does not need one. */
  pickup_date: string | null;
  ready_time: string | null;
  close_time: string | null;
  pieces: PickupPiece[];
}
