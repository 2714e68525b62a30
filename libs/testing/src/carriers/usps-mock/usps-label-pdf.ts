import { toBuffer } from 'bwip-js';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface MockLabelContent {
  trackingNumber: string;
  mailClass: string;
  toName: string;
  toZIPCode: string;
}

/** 4x6 inches at 72 points an inch, the `4X6LABEL` labelType. */
const WIDTH = 288;
const HEIGHT = 432;

/**
 * A 4x6 label PDF in the manner of USPS's: the IMpb barcode (Code 128) of the tracking number, the
 * banner `USPS TRACKING #` (Labels 3.0 `bannerText` example) and the tracking number as text.
 */
export async function mockLabelPdf(content: MockLabelContent): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([WIDTH, HEIGHT]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const barcode = await toBuffer({ bcid: 'code128', text: content.trackingNumber, scale: 2, height: 15 });
  const image = await document.embedPng(barcode);
  const barcodeWidth = WIDTH - 36;
  page.drawText(content.mailClass.replace(/_/g, ' '), { x: 18, y: HEIGHT - 36, size: 12, font });
  page.drawText(`SHIP TO: ${content.toName}`, { x: 18, y: HEIGHT - 160, size: 10, font });
  page.drawText(content.toZIPCode, { x: 18, y: HEIGHT - 174, size: 10, font });
  page.drawText('USPS TRACKING #', { x: 18, y: 150, size: 10, font });
  page.drawImage(image, { x: 18, y: 70, width: barcodeWidth, height: 72 });
  page.drawText(content.trackingNumber, { x: 18, y: 52, size: 10, font });
  return document.save();
}
