import { multipartParts } from './usps-multipart';

/** The part headers of USPS/api-examples README's multipart answers: `filename` before `name`. */
const BOUNDARY = 'XkxytuhvSSXDz-aV1q2YverB';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const BODY = [
  `--${BOUNDARY}`,
  'Content-Type: application/json',
  'Content-Disposition: form-data; name="labelMetadata"',
  '',
  '{"trackingNumber":"9205590109769900012613"}',
  `--${BOUNDARY}`,
  'Content-Type: application/pdf',
  'Content-Disposition: form-data; filename="labelImage.pdf"; name="labelImage"',
  '',
  'JVBERi0xLjQK',
  `--${BOUNDARY}--`,
  '',
].join('\r\n');

describe('multipart parts', () => {
  it('are read by name from a body shaped as USPS answers', async () => {
    const { parts } = await multipartParts(CONTENT_TYPE, Buffer.from(BODY));
    expect(Object.fromEntries(parts)).toEqual({
      labelMetadata: '{"trackingNumber":"9205590109769900012613"}',
      labelImage: 'JVBERi0xLjQK',
    });
  });

  it('reject a body cut before its closing boundary', async () => {
    await expect(multipartParts(CONTENT_TYPE, Buffer.from(BODY.slice(0, 300)))).rejects.toThrow();
  });

  it('reject a content type without a boundary', async () => {
    await expect(multipartParts('multipart/form-data', Buffer.from(BODY))).rejects.toThrow();
  });

  it("cannot be read with Node's Response.formData(), which is why busboy reads them", async () => {
    const response = new Response(BODY, { headers: { 'Content-Type': CONTENT_TYPE } });
    await expect(response.formData()).rejects.toThrow('Failed to parse body as FormData');
  });
});
