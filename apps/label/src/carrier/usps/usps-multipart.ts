import busboy from 'busboy';

export interface MultipartParts {
  /** Part bodies by name, as text (USPS's parts are JSON and Base64 text). */
  parts: Map<string, string>;
}

/**
 * A `multipart/form-data` body's parts by name, parsed with busboy. Node 20's `Response.formData()` fails on
 * USPS's label answers: they put `filename` before `name` in Content-Disposition
 * (decision 0097). Rejects on a body that does not parse or ends before its closing boundary.
 */
export function multipartParts(contentType: string, body: Buffer): Promise<MultipartParts> {
  return new Promise((resolve, reject) => {
    const parts = new Map<string, string>();
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType } });
    } catch (error) {
      reject(error);
      return;
    }
    parser.on('field', (name, value) => parts.set(name, value));
    parser.on('file', (name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('error', reject);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => parts.set(name, Buffer.concat(chunks).toString('latin1')));
    });
    parser.on('error', reject);
    parser.on('close', () => resolve({ parts }));
    parser.end(body);
  });
}
