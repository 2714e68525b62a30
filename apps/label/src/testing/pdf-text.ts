import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

function contentStreams(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs.map((ref) => {
    const stream = page.doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) throw new Error('A page content stream was not a raw stream');
    return stream;
  });
}

/** The decoded content streams of a page: its drawing operators as text. */
export function pageOperators(page: PDFPage): string {
  return contentStreams(page)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
}

/** WinAnsi is Latin-1 but for 0x80-0x9F (Node's TextDecoder may lack windows-1252). */
const WIN_ANSI_HIGH: Record<number, string> = Object.fromEntries(
  [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'].map((char, index) => [0x80 + index, char]),
);

const winAnsi = (bytes: Buffer): string =>
  [...bytes].map((byte) => WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte)).join('');

/** The strings a page shows, in drawing order: pdf-lib writes standard-font text as hex strings of WinAnsi codes (`<4A616E65> Tj`). */
export function pageTexts(page: PDFPage): string[] {
  return [...pageOperators(page).matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map(([, hex]) =>
    winAnsi(Buffer.from(hex, 'hex')),
  );
}

export async function documentTexts(pdf: Uint8Array): Promise<string[][]> {
  const document = await PDFDocument.load(pdf);
  return document.getPages().map(pageTexts);
}
