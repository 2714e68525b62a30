import type { PostalAddress } from '@shipping/contracts-core';

export type { PostalAddress };

/** Wire-shaped (snake_case) order bodies after validation, defaults and address resolution. */

export interface FreightAddress extends PostalAddress {
  lift_gate: boolean;
  residential: boolean;
  inside: boolean;
  limited_access: boolean;
  appointment: boolean;
}

export interface FreightItem {
  count: number;
  package_type: string;
  length: number;
  width: number;
  height: number;
  weight: number;
  description: string;
  price?: number | null;
  is_hazmat: boolean;
  hazmat_detail?: {
    hazmat_matrix_id: number;
    packing_group?: string | null;
    compatibility_group?: string | null;
  } | null;
  is_used_items: boolean;
  is_stackable: boolean;
  freight_class: string;
  sku?: string | null;
}

export interface FreightOrder {
  pickup_date: string;
  vehicle_type: string;
  reefer_details?: { instruction: string; min_temperature: number; max_temperature: number } | null;
  insurance: boolean;
  from_opening_time: string;
  from_closing_time: string;
  from_instructions?: string | null;
  from_address_id?: number | null;
  from_address: FreightAddress;
  to_opening_time: string;
  to_closing_time: string;
  to_instructions?: string | null;
  to_address: FreightAddress;
  items: FreightItem[];
  emergency_contact?: { name: string; phone: string } | null;
}

export interface ParcelPackage {
  count: number;
  box_type?: string | null;
  length: number;
  width: number;
  height: number;
  weight: number;
  reference_1?: string | null;
  reference_2?: string | null;
  insurance: boolean;
  is_hazmat: boolean;
  signature: string;
  items?: unknown[] | null;
}

export interface ParcelOrder {
  from_address_id?: number | null;
  return_address_id?: number | null;
  from_address: PostalAddress;
  to_address: PostalAddress;
  weight_unit: 'LBS' | 'KG';
  length_unit: 'IN' | 'CM';
  package_list: ParcelPackage[];
  extra_services: Record<string, boolean>;
  customs_details: Record<string, unknown>;
}

export type OrderKind = 'freight' | 'parcel';
