import { randomBytes } from 'node:crypto';

export interface MultipartPart {
  name: string;
  contentType: string;
  filename?: string;
  body: string;
}

/**
 * A `multipart/form-data` body as the Labels 3.0 API answers a label (OpenAPI `post-label` 200, parts
 * `labelMetadata` and `labelImage`; USPS/api-examples README "Domestic Label Request" response): each part
 * named in `Content-Disposition: form-data`, the image part Base64 text.
 */
export function multipartBody(parts: MultipartPart[]): { boundary: string; body: string } {
  const boundary = randomBytes(12).toString('base64url');
  const body =
    parts
      .map(({ name, contentType, filename, body: partBody }) =>
        [
          `--${boundary}`,
          `Content-Type: ${contentType}`,
          `Content-Disposition: form-data; ${filename ? `filename="${filename}"; ` : ''}name="${name}"`,
          '',
          partBody,
        ].join('\r\n'),
      )
      .join('\r\n') + `\r\n--${boundary}--\r\n`;
  return { boundary, body };
}
