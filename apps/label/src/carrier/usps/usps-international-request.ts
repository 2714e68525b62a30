import type { LabelAddress, LabelCustomsItem, LabelPackage } from '@shipping/contracts';
import { countryName } from '@shipping/reference-data';
import type { CarrierLabelRequest } from '../carrier-port';
import {
  CUSTOMS_CONTENT_TYPE,
  INTERNATIONAL_EXTRA_SERVICE_CODE,
  INTERNATIONAL_MAIL_CLASS_BY_SERVICE,
  INTERNATIONAL_PACKAGING,
  NO_EEI_EXEMPTION,
  NO_EEI_MAX_VALUE,
} from './usps-international-mappings';
import { uspsAddress } from './usps-label-request';
import { DEFAULT_BOX_TYPE, NO_SIGNATURE } from './usps-mappings';
import type { UspsAddress } from './usps-types';

/** International Labels 3.0 `InternationalLabelRequest`, the fields this adapter sends. */
export interface UspsInternationalLabelRequest {
  imageInfo: { imageType: 'PDF'; labelType: '4X6LABEL'; suppressPostage: boolean };
  toAddress: UspsInternationalAddress;
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
    destinationEntryFacilityType: 'NONE';
    mailingDate: string;
    extraServices: number[];
    packageOptions: { packageValue: number; nonDeliveryOption: 'RETURN' };
    customerReference?: { referenceNumber: string }[];
  };
  customsForm: {
    customsContentType: string;
    AESITN: string;
    contents: UspsCustomsContent[];
  };
}

/** `InternationalLabelAddress`: `InternationalAddress` and `Addressee`. */
export interface UspsInternationalAddress {
  firstName?: string;
  lastName?: string;
  firm?: string;
  streetAddress: string;
  secondaryAddress?: string;
  city: string;
  postalCode?: string;
  province?: string;
  country: string;
  countryISOAlpha2Code: string;
  phone?: string;
}

/** `InternationalShippingContents`, with the totals the document prefers to the deprecated unit fields. */
export interface UspsCustomsContent {
  itemDescription: string;
  itemQuantity: number;
  itemTotalValue: number;
  weightUOM: 'lb';
  itemTotalWeight: number;
  HSTariffNumber: string;
  countryofOrigin: string;
}

export type MappedInternationalRequest =
  { ok: true; body: UspsInternationalLabelRequest } | { ok: false; reason: string };

const POUNDS_PER_KILOGRAM = 2.20462262185;
const CENTIMETRES_PER_INCH = 2.54;
const PHONE = /^\+?[1-9][0-9]{7,14}$/;
/** `HSTariffNumber`: "^\.*(?:[A-Za-z\d]\.*){6,14}$", sent without its dots and spaces. */
const HS_TARIFF = /^[A-Za-z\d]{6,14}$/;
/** `InternationalCustomsForm.contents`: at most 30 lines. */
const MAX_CONTENTS = 30;

/**
 * One piece of our request as an International Labels 3.0 request: a 4x6 PDF from a US address to
 * one abroad, priced by mail class, rate indicator and processing category, with its customs form
 * (usps-international-mappings.ts). What USPS cannot sell is refused without asking USPS; what only
 * USPS can judge (a description it does not accept, an address it cannot deliver) is left to it.
 */
export function uspsInternationalLabelRequest(
  { service, shipment }: Pick<CarrierLabelRequest, 'service' | 'shipment'>,
  mailingDate: string,
): MappedInternationalRequest {
  const mailClass = INTERNATIONAL_MAIL_CLASS_BY_SERVICE[service];
  if (!mailClass) return refuse(`USPS: service ${service} is not sold through USPS International Labels.`);
  const pieces = shipment.package_list.reduce((sum, pkg) => sum + pkg.count, 0);
  if (pieces !== 1) return refuse(`USPS: a label is for one piece; this shipment has ${pieces}.`);
  if (country(shipment.from_address) !== 'US')
    return refuse('USPS: International Labels ship from the United States only.');
  if (country(shipment.to_address) === 'US')
    return refuse(`USPS: service ${service} ships abroad; this address is in the United States.`);
  const [pkg] = shipment.package_list;
  const boxType = pkg.box_type ?? DEFAULT_BOX_TYPE;
  const packaging = INTERNATIONAL_PACKAGING[boxType]?.[mailClass];
  if (!packaging) return refuse(`USPS: box type ${boxType} is not sold with ${mailClass}.`);
  const fromAddress = uspsAddress(shipment.from_address);
  if (!fromAddress) return refuse('USPS: the from address needs a state and a 5-digit ZIP Code.');
  const toAddress = internationalAddress(shipment.to_address);
  if (!toAddress.ok) return toAddress;
  const weight = round(shipment.weight_unit === 'KG' ? pkg.weight * POUNDS_PER_KILOGRAM : pkg.weight);
  const customs = customsForm(pkg, weight, shipment.customs_details?.aes_itn);
  if (!customs.ok) return customs;
  const extras = extraServices(pkg, customs.value);
  if (!extras.ok) return extras;
  const inches = (value: number) =>
    round(shipment.length_unit === 'CM' ? value / CENTIMETRES_PER_INCH : value);
  const references = [pkg.reference_1, pkg.reference_2].filter(
    (reference): reference is string => !!reference,
  );
  return {
    ok: true,
    body: {
      imageInfo: { imageType: 'PDF', labelType: '4X6LABEL', suppressPostage: false },
      toAddress: toAddress.address,
      fromAddress,
      packageDescription: {
        mailClass,
        rateIndicator: packaging.rateIndicator,
        weightUOM: 'lb',
        weight,
        dimensionsUOM: 'in',
        length: inches(pkg.length),
        width: inches(pkg.width),
        height: inches(pkg.height),
        processingCategory: packaging.processingCategory,
        destinationEntryFacilityType: 'NONE',
        mailingDate,
        extraServices: extras.codes,
        packageOptions: { packageValue: customs.value, nonDeliveryOption: 'RETURN' },
        ...(references.length > 0
          ? {
              customerReference: references.map((reference) => ({ referenceNumber: reference.slice(0, 30) })),
            }
          : {}),
      },
      customsForm: customs.form,
    },
  };
}

function internationalAddress(
  address: LabelAddress,
): { ok: true; address: UspsInternationalAddress } | { ok: false; reason: string } {
  const code = country(address);
  const name = countryName(code);
  if (!name) return refuse(`USPS: ${code} is not a country USPS ships to.`);
  const [firstName, ...rest] = address.name.trim().split(/\s+/);
  const secondary = [address.street_2, address.street_3].filter(Boolean).join(' ');
  const phone = address.telephone.replace(/[^\d+]/g, '');
  const postalCode = address.zip.trim();
  const province = address.state?.trim();
  return {
    ok: true,
    address: {
      // "The First and Last Name or Firm Name are always required": a name of one word is a firm's.
      ...(rest.length > 0
        ? { firstName: firstName.slice(0, 50), lastName: rest.join(' ').slice(0, 50) }
        : { firm: firstName.slice(0, 50) }),
      streetAddress: address.street_1.trim().slice(0, 50),
      ...(secondary ? { secondaryAddress: secondary.slice(0, 50) } : {}),
      city: address.city.trim().slice(0, 28),
      ...(postalCode ? { postalCode: postalCode.slice(0, 11) } : {}),
      ...(province ? { province: province.slice(0, 40) } : {}),
      country: name,
      countryISOAlpha2Code: code,
      ...(PHONE.test(phone) ? { phone } : {}),
    },
  };
}

type Customs =
  | { ok: true; form: UspsInternationalLabelRequest['customsForm']; value: number }
  | { ok: false; reason: string };

/**
 * The piece's customs form from its package's items. The interface gives an item no weight, so the
 * piece's weight is shared among the lines by quantity; values are the unit price times the quantity.
 */
function customsForm(pkg: LabelPackage, pieceWeightLbs: number, aesItn: string | null | undefined): Customs {
  const items = pkg.items ?? [];
  if (items.length === 0) return refuse("USPS: an international label needs the package's customs items.");
  if (items.length > MAX_CONTENTS)
    return refuse(
      `USPS: a customs form holds at most ${MAX_CONTENTS} items; this package has ${items.length}.`,
    );
  const types = new Set(items.map((item) => item.content_type ?? 'Merchandise'));
  if (types.size > 1)
    return refuse(
      `USPS: a customs form has one contents type; this package mixes ${[...types].join(' and ')}.`,
    );
  const [type] = types;
  const customsContentType = CUSTOMS_CONTENT_TYPE[type];
  if (!customsContentType) return refuse(`USPS: the content type ${type} has no customs contents type.`);
  const quantity = items.reduce((sum, item) => sum + item.quantity, 0);
  const contents: UspsCustomsContent[] = [];
  for (const [index, item] of items.entries()) {
    const hs = item.hs_code.replace(/[.\s]/g, '');
    if (!HS_TARIFF.test(hs))
      return refuse(`USPS: the HS code of customs item ${index + 1} must be 6 to 14 letters and digits.`);
    contents.push(customsContent(item, hs, pieceWeightLbs * (item.quantity / quantity)));
  }
  const value = round(contents.reduce((sum, line) => sum + line.itemTotalValue, 0));
  const itn = aesItn?.trim();
  if (!itn && value > NO_EEI_MAX_VALUE)
    return refuse(
      `USPS: a package valued over $${NO_EEI_MAX_VALUE} needs the ITN of its export filing (customs_details.aes_itn).`,
    );
  return {
    ok: true,
    form: { customsContentType, AESITN: (itn || NO_EEI_EXEMPTION).slice(0, 35), contents },
    value,
  };
}

function customsContent(item: LabelCustomsItem, hs: string, weightLbs: number): UspsCustomsContent {
  return {
    itemDescription: item.description.trim().slice(0, 30),
    itemQuantity: item.quantity,
    itemTotalValue: Math.max(0.01, round(item.price * item.quantity)),
    weightUOM: 'lb',
    itemTotalWeight: Math.max(0.01, round(weightLbs)),
    HSTariffNumber: hs,
    countryofOrigin: item.country_of_manufacture.trim().toUpperCase(),
  };
}

function extraServices(
  pkg: LabelPackage,
  value: number,
): { ok: true; codes: number[] } | { ok: false; reason: string } {
  const wanted: string[] = [];
  if (pkg.signature && pkg.signature !== NO_SIGNATURE) wanted.push(pkg.signature);
  if (pkg.insurance) wanted.push(value > 500 ? 'insurance_over_500' : 'insurance_up_to_500');
  const codes: number[] = [];
  for (const name of wanted) {
    const code = INTERNATIONAL_EXTRA_SERVICE_CODE[name];
    if (code === undefined || code === null)
      return refuse(`USPS: the extra service ${name} is not offered with USPS international labels.`);
    codes.push(code);
  }
  return { ok: true, codes };
}

function country(address: LabelAddress): string {
  return address.country.trim().toUpperCase();
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
