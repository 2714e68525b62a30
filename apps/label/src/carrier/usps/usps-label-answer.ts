import { UspsAnswerError } from './usps-faults';
import { multipartParts } from './usps-multipart';
import type { UspsLabelMetadata } from './usps-types';

export interface UspsLabelAnswer {
  metadata: UspsLabelMetadata;
  pdf: Uint8Array;
}

/**
 * The Labels 3.0 label answer: `multipart/form-data` with `labelMetadata` (JSON) and `labelImage`, whose
 * content "is always Base64 encoded" whatever its Content-Transfer-Encoding says (OpenAPI `post-label`,
 * "How to use this API"). Parsed with busboy (usps-multipart.ts); a body it cannot parse, a missing part,
 * metadata without trackingNumber, postage, SKU and zone, or an image that is not a PDF is an error.
 */
export async function uspsLabelAnswer(response: Response): Promise<UspsLabelAnswer> {
  let parts: Map<string, string>;
  try {
    const contentType = response.headers.get('content-type') ?? '';
    ({ parts } = await multipartParts(contentType, Buffer.from(await response.arrayBuffer())));
  } catch {
    throw new UspsAnswerError('USPS answered a label that is not a whole multipart/form-data body');
  }
  const metadata = parseMetadata(parts.get('labelMetadata'));
  const image = parts.get('labelImage');
  if (image === undefined)
    throw new UspsAnswerError('USPS answered a label without its labelImage part', metadata.trackingNumber);
  const pdf = Buffer.from(image.replace(/\s+/g, ''), 'base64');
  if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-')))
    throw new UspsAnswerError('USPS answered a labelImage that is not a PDF', metadata.trackingNumber);
  return { metadata, pdf: new Uint8Array(pdf) };
}

function parseMetadata(text: string | undefined): UspsLabelMetadata {
  if (text === undefined) throw new UspsAnswerError('USPS answered a label without its labelMetadata part');
  let metadata: Partial<UspsLabelMetadata>;
  try {
    metadata = JSON.parse(text) as Partial<UspsLabelMetadata>;
  } catch {
    throw new UspsAnswerError('USPS answered labelMetadata that is not JSON');
  }
  const { trackingNumber, postage, SKU, zone } = metadata;
  if (typeof trackingNumber !== 'string' || !/^[0-9A-Z]{20,34}$/.test(trackingNumber))
    throw new UspsAnswerError('USPS answered labelMetadata without a tracking number');
  if (typeof postage !== 'number' || typeof SKU !== 'string' || typeof zone !== 'string')
    throw new UspsAnswerError('USPS answered labelMetadata without postage, SKU and zone', trackingNumber);
  return { trackingNumber, postage, SKU, zone };
}
