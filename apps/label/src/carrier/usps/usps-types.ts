/**
 * The fields of USPS's APIs this adapter sends and reads, named as USPS names them. Sources: the Labels 3.0
 * OpenAPI document (`LabelRequest`, `LabelMetadata`, `CancelResponse`, `ErrorMessage`), the OAuth 3.0
 * OpenAPI document (`AccessTokenResponse`, `StandardErrorResponse`), Carrier Pickup 3.0
 * (`SchedulePickupRequest`, `PickupConfirmation`) and USPS/api-examples README (payment authorization).
 */

/** A shipper's own USPS account: its developer app credentials and its USPS payment account. */
export interface UspsIntegration {
  /** Ours: what tokens are kept under. */
  id: string;
  /** The app's Consumer Key and Consumer Secret. */
  client_id: string;
  client_secret: string;
  /** Customer Registration ID, Mailer ID and the manifest MID. */
  crid: string;
  mid: string;
  manifest_mid: string;
  /** The Enterprise Payment account, or a permit with its ZIP Code. */
  account: { type: 'EPS'; number: string } | { type: 'PERMIT'; number: string; zip: string };
}

export interface UspsAddress {
  firstName?: string;
  lastName?: string;
  firm?: string;
  streetAddress: string;
  secondaryAddress?: string;
  city: string;
  state: string;
  ZIPCode: string;
  ZIPPlus4?: string;
  phone?: string;
  email?: string;
  ignoreBadAddress?: boolean;
}

export interface UspsLabelRequest {
  imageInfo: {
    imageType: 'PDF';
    labelType: '4X6LABEL';
    receiptOption: 'NONE';
    suppressPostage: boolean;
    suppressMailDate: boolean;
    returnLabel: boolean;
  };
  toAddress: UspsAddress;
  fromAddress: UspsAddress;
  packageDescription: {
    mailClass: string;
    rateIndicator: string;
    weightUOM: 'lb';
    weight: number;
    dimensionsUOM: 'in';
    length: number;
    width: number;
    height: number;
    processingCategory: string;
    mailingDate: string;
    extraServices: number[];
    destinationEntryFacilityType: 'NONE';
    customerReference?: { referenceNumber: string; printReferenceNumber: boolean }[];
  };
}

export interface UspsLabelMetadata {
  trackingNumber: string;
  postage: number;
  SKU: string;
  zone: string;
}

export interface UspsTokenAnswer {
  access_token: string;
  token_type: string;
  expires_in: number | string;
}

export interface UspsErrorMessage {
  error?: {
    code?: string;
    message?: string;
    errors?: { detail?: string; title?: string; source?: { parameter?: string } }[];
  };
  /** OAuth's StandardErrorResponse: `error` is a string there. */
  error_description?: string;
}

export interface UspsPickupRequest {
  pickupDate: string;
  pickupAddress: {
    firstName?: string;
    lastName?: string;
    firm?: string;
    address: {
      streetAddress: string;
      secondaryAddress?: string;
      city: string;
      state: string;
      ZIPCode: string;
    };
    contact: ({ email: string } | { cellNumber: string })[];
  };
  packages: { packageType: string; packageCount: number }[];
  estimatedWeight: number;
  pickupLocation: { packageLocation: string; specialInstructions?: string };
}
