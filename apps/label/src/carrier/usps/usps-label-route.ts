import type { CarrierCharge, CarrierLabelRequest } from '../carrier-port';
import { INTERNATIONAL_MAIL_CLASS_BY_SERVICE } from './usps-international-mappings';
import { uspsInternationalLabelRequest } from './usps-international-request';
import { uspsInternationalLabelAnswer, uspsLabelAnswer } from './usps-label-answer';
import { uspsLabelRequest } from './usps-label-request';

/** Where a piece's label is bought, what is sent, and how the answer is read. */
export interface UspsLabelRoute {
  path: string;
  body: object;
  read(response: Response): Promise<{ tracking_number: string; pdf: Uint8Array; charge: CarrierCharge }>;
}

const cents = (postage: number) => Math.round(postage * 100);

/**
 * Domestic Labels 3.0 (`POST /labels/v3/label`) for our domestic services, International Labels 3.0
 * (`POST /international-labels/v3/international-label`) for the international ones; a request either
 * cannot sell is a refusal, answered without asking USPS.
 */
export function uspsLabelRoute(
  request: Pick<CarrierLabelRequest, 'service' | 'shipment'>,
  mailingDate: string,
): { ok: true; route: UspsLabelRoute } | { ok: false; reason: string } {
  if (INTERNATIONAL_MAIL_CLASS_BY_SERVICE[request.service]) {
    const mapped = uspsInternationalLabelRequest(request, mailingDate);
    if (!mapped.ok) return mapped;
    return {
      ok: true,
      route: {
        path: '/international-labels/v3/international-label',
        body: mapped.body,
        read: async (response) => {
          const { metadata, pdf } = await uspsInternationalLabelAnswer(response);
          return {
            tracking_number: metadata.internationalTrackingNumber,
            pdf,
            charge: {
              postage_cents: cents(metadata.postage),
              sku: metadata.SKU,
              ...(metadata.internationalPriceGroup ? { price_group: metadata.internationalPriceGroup } : {}),
            },
          };
        },
      },
    };
  }
  const mapped = uspsLabelRequest(request, mailingDate);
  if (!mapped.ok) return mapped;
  return {
    ok: true,
    route: {
      path: '/labels/v3/label',
      body: mapped.body,
      read: async (response) => {
        const { metadata, pdf } = await uspsLabelAnswer(response);
        return {
          tracking_number: metadata.trackingNumber,
          pdf,
          charge: { postage_cents: cents(metadata.postage), sku: metadata.SKU, zone: metadata.zone },
        };
      },
    },
  };
}

/** An S10 number (`EZ000012162US`) is an international label's, cancelled where it was bought. */
export function uspsCancelPath(trackingNumber: string): string {
  const encoded = encodeURIComponent(trackingNumber);
  return /^[A-Z]{2}\d{9}[A-Z]{2}$/.test(trackingNumber)
    ? `/international-labels/v3/international-label/${encoded}`
    : `/labels/v3/label/${encoded}`;
}
