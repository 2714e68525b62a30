import type { LabelAddress } from '@shipping/contracts';
import type { CarrierLabelRequest } from '../carrier-port';
import { extraServiceCodes } from './usps-extra-services';
import { DEFAULT_BOX_TYPE, MAIL_CLASS_BY_SERVICE, PACKAGING } from './usps-mappings';
import type { UspsAddress, UspsLabelRequest } from './usps-types';

export type MappedLabelRequest = { ok: true; body: UspsLabelRequest } | { ok: false; reason: string };

const POUNDS_PER_KILOGRAM = 2.20462262185;
const CENTIMETRES_PER_INCH = 2.54;

/** Labels 3.0 `Phone` and `Email` patterns: a field that does not match is left out rather than refused. */
const PHONE = /^\+?[1-9][0-9]{7,14}$/;
const EMAIL = /^[a-zA-Z0-9_+&*-]+(?:\.[a-zA-Z0-9_+&*-]+)*@(?:[a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}$/;

/**
 * Our label request as a Labels 3.0 `LabelRequest` (the shape of `domesticlabel-v3-request.json`): a 4x6
 * PDF without receipt, one piece, priced by mail class, rate indicator and processing category from
 * usps-mappings.ts. What USPS cannot sell is answered as a refusal without asking USPS.
 */
export function uspsLabelRequest(
  { service, shipment }: Pick<CarrierLabelRequest, 'service' | 'shipment'>,
  mailingDate: string,
): MappedLabelRequest {
  const mailClass = MAIL_CLASS_BY_SERVICE[service];
  if (!mailClass) return refuse(`USPS: service ${service} is not sold through USPS Domestic Labels.`);
  const pieces = shipment.package_list.reduce((sum, pkg) => sum + pkg.count, 0);
  if (pieces !== 1) return refuse(`USPS: a label is for one piece; this shipment has ${pieces}.`);
  for (const address of [shipment.from_address, shipment.to_address])
    if (address.country.trim().toUpperCase() !== 'US')
      return refuse('USPS: Domestic Labels ship within the United States only.');
  const [pkg] = shipment.package_list;
  const boxType = pkg.box_type ?? DEFAULT_BOX_TYPE;
  const packaging = PACKAGING[boxType]?.[mailClass];
  if (!packaging) return refuse(`USPS: box type ${boxType} is not sold with ${mailClass}.`);
  const extras = extraServiceCodes(pkg.signature);
  if (!extras.ok) return extras;
  const toAddress = uspsAddress(shipment.to_address);
  const fromAddress = uspsAddress(shipment.from_address);
  if (!toAddress || !fromAddress) return refuse('USPS: an address needs a state and a 5-digit ZIP Code.');
  const inches = (value: number) =>
    round(shipment.length_unit === 'CM' ? value / CENTIMETRES_PER_INCH : value);
  const references = [pkg.reference_1, pkg.reference_2].filter(
    (reference): reference is string => !!reference,
  );
  return {
    ok: true,
    body: {
      imageInfo: {
        imageType: 'PDF',
        labelType: '4X6LABEL',
        receiptOption: 'NONE',
        suppressPostage: false,
        suppressMailDate: false,
        returnLabel: false,
      },
      toAddress: { ...toAddress, ignoreBadAddress: shipment.ignore_bad_address ?? true },
      fromAddress,
      packageDescription: {
        mailClass,
        rateIndicator: packaging.rateIndicator,
        weightUOM: 'lb',
        weight: round(shipment.weight_unit === 'KG' ? pkg.weight * POUNDS_PER_KILOGRAM : pkg.weight),
        dimensionsUOM: 'in',
        length: inches(pkg.length),
        width: inches(pkg.width),
        height: inches(pkg.height),
        processingCategory: packaging.processingCategory,
        mailingDate,
        extraServices: extras.codes,
        destinationEntryFacilityType: 'NONE',
        ...(references.length > 0
          ? {
              customerReference: references.map((reference) => ({
                referenceNumber: reference.slice(0, 30),
                printReferenceNumber: true,
              })),
            }
          : {}),
      },
    },
  };
}

/** Our address in Labels 3.0 `DomesticLabelAddress` fields; undefined when it has no state or ZIP Code. */
export function uspsAddress(address: LabelAddress): UspsAddress | undefined {
  const zip = address.zip.replace(/[\s-]/g, '');
  const state = address.state?.trim().toUpperCase();
  if (!state || !/^\d{5}(\d{4})?$/.test(zip)) return undefined;
  const [firstName, ...rest] = address.name.trim().split(/\s+/);
  const secondary = [address.street_2, address.street_3].filter(Boolean).join(' ');
  const phone = address.telephone.replace(/[^\d+]/g, '');
  const email = address.email?.trim();
  return {
    firstName: firstName.slice(0, 50),
    ...(rest.length > 0 ? { lastName: rest.join(' ').slice(0, 50) } : {}),
    streetAddress: address.street_1.trim().slice(0, 50),
    ...(secondary ? { secondaryAddress: secondary.slice(0, 50) } : {}),
    city: address.city.trim().slice(0, 28),
    state,
    ZIPCode: zip.slice(0, 5),
    ...(zip.length === 9 ? { ZIPPlus4: zip.slice(5) } : {}),
    ...(PHONE.test(phone) ? { phone } : {}),
    ...(email && EMAIL.test(email) ? { email } : {}),
  };
}

/** USPS's mailing date: the calendar day in UTC. */
export function mailingDateOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function refuse(reason: string): MappedLabelRequest {
  return { ok: false, reason };
}
