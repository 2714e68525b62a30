import { EXTRA_SERVICE_CODE, NO_SIGNATURE } from './usps-mappings';

/** The interface's parcel `extra_services` flags. */
export interface ExtraServiceFlags {
  saturday_delivery?: boolean;
  certified_mail?: boolean;
  return_receipt?: boolean;
  return_receipt_electronic?: boolean;
  restricted_delivery?: boolean;
}

export type ExtraServiceCodes = { ok: true; codes: number[] } | { ok: false; reason: string };

/** USPS extra service codes for a package's signature and the shipment's flags, through EXTRA_SERVICE_CODE. */
export function extraServiceCodes(
  signature: string | null | undefined,
  flags: ExtraServiceFlags = {},
): ExtraServiceCodes {
  const wanted: string[] = [];
  if (signature && signature !== NO_SIGNATURE) wanted.push(signature);
  if (flags.certified_mail)
    wanted.push(flags.restricted_delivery ? 'certified_mail_restricted_delivery' : 'certified_mail');
  else if (flags.restricted_delivery) wanted.push('restricted_delivery');
  if (flags.return_receipt) wanted.push('return_receipt');
  if (flags.return_receipt_electronic) wanted.push('return_receipt_electronic');
  if (flags.saturday_delivery) wanted.push('saturday_delivery');
  const codes: number[] = [];
  for (const name of wanted) {
    const code = EXTRA_SERVICE_CODE[name];
    if (code === undefined || code === null)
      return { ok: false, reason: `USPS: the extra service ${name} is not offered with USPS labels.` };
    codes.push(code);
  }
  return { ok: true, codes };
}
