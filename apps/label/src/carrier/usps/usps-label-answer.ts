import { UspsAnswerError } from './usps-faults';
import { multipartParts } from './usps-multipart';
import type { UspsLabelMetadata } from './usps-types';

export interface UspsLabelAnswer<M = UspsLabelMetadata> {
  metadata: M;
  pdf: Uint8Array;
}

/** International Labels 3.0 `InternationalLabelMetadata`, the fields a label needs. */
export interface UspsInternationalLabelMetadata {
  internationalTrackingNumber: string;
  postage: number;
  SKU: string;
  internationalPriceGroup?: string;
}

/**
 * The Labels 3.0 label answer: `multipart/form-data` with `labelMetadata` (JSON) and `labelImage`, whose
 * content "is always Base64 encoded" whatever its Content-Transfer-Encoding says (OpenAPI `post-label`,
 * "How to use this API"). Parsed with busboy (usps-multipart.ts); a body it cannot parse, a missing part,
 * metadata without trackingNumber, postage, SKU and zone, or an image that is not a PDF is an error.
 */
export function uspsLabelAnswer(response: Response): Promise<UspsLabelAnswer> {
  return labelAnswer(response, parseMetadata, (metadata) => metadata.trackingNumber);
}

/**
 * The International Labels 3.0 answer: the same multipart shape (`post-international-label`, 201,
 * parts `labelMetadata` and a Base64 `labelImage`), its metadata naming `internationalTrackingNumber`
 * (13 characters, as `EZ000012162US` of the document's example), `postage` and `SKU`.
 */
export function uspsInternationalLabelAnswer(
  response: Response,
): Promise<UspsLabelAnswer<UspsInternationalLabelMetadata>> {
  return labelAnswer(
    response,
    parseInternationalMetadata,
    (metadata) => metadata.internationalTrackingNumber,
  );
}

async function labelAnswer<M>(
  response: Response,
  readMetadata: (text: string | undefined) => M,
  trackingNumberOf: (metadata: M) => string,
): Promise<UspsLabelAnswer<M>> {
  let parts: Map<string, string>;
  try {
    const contentType = response.headers.get('content-type') ?? '';
    ({ parts } = await multipartParts(contentType, Buffer.from(await response.arrayBuffer())));
  } catch {
    throw new UspsAnswerError('USPS answered a label that is not a whole multipart/form-data body');
  }
  const metadata = readMetadata(parts.get('labelMetadata'));
  const image = parts.get('labelImage');
  if (image === undefined)
    throw new UspsAnswerError(
      'USPS answered a label without its labelImage part',
      trackingNumberOf(metadata),
    );
  const pdf = Buffer.from(image.replace(/\s+/g, ''), 'base64');
  if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-')))
    throw new UspsAnswerError('USPS answered a labelImage that is not a PDF', trackingNumberOf(metadata));
  return { metadata, pdf: new Uint8Array(pdf) };
}

function metadataJson<M>(text: string | undefined): Partial<M> {
  if (text === undefined) throw new UspsAnswerError('USPS answered a label without its labelMetadata part');
  try {
    return JSON.parse(text) as Partial<M>;
  } catch {
    throw new UspsAnswerError('USPS answered labelMetadata that is not JSON');
  }
}

function parseMetadata(text: string | undefined): UspsLabelMetadata {
  const metadata = metadataJson<UspsLabelMetadata>(text);
  const { trackingNumber, postage, SKU, zone } = metadata;
  if (typeof trackingNumber !== 'string' || !/^[0-9A-Z]{20,34}$/.test(trackingNumber))
    throw new UspsAnswerError('USPS answered labelMetadata without a tracking number');
  if (typeof postage !== 'number' || typeof SKU !== 'string' || typeof zone !== 'string')
    throw new UspsAnswerError('USPS answered labelMetadata without postage, SKU and zone', trackingNumber);
  return { trackingNumber, postage, SKU, zone };
}

/** An S10 international tracking number: two letters, eight digits and a check digit, `US`. */
const S10 = /^[A-Z]{2}\d{9}[A-Z]{2}$/;

function parseInternationalMetadata(text: string | undefined): UspsInternationalLabelMetadata {
  const metadata = metadataJson<UspsInternationalLabelMetadata>(text);
  const { internationalTrackingNumber, postage, SKU, internationalPriceGroup } = metadata;
  if (typeof internationalTrackingNumber !== 'string' || !S10.test(internationalTrackingNumber))
    throw new UspsAnswerError('USPS answered labelMetadata without an international tracking number');
  if (typeof postage !== 'number' || typeof SKU !== 'string')
    throw new UspsAnswerError(
      'USPS answered labelMetadata without postage and SKU',
      internationalTrackingNumber,
    );
  return {
    internationalTrackingNumber,
    postage,
    SKU,
    ...(typeof internationalPriceGroup === 'string' ? { internationalPriceGroup } : {}),
  };
}
