import { raw } from 'bwip-js';
import { closePath, fill, PDFDocument, rectangle, StandardFonts, type PDFPage } from 'pdf-lib';

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
 * A 4x6 label PDF in the manner of USPS's: the IMpb barcode of the tracking number (Code 128, its bars
 * drawn as rectangles), the banner `USPS TRACKING #` (README `bannerText`) and the tracking number as text.
 */
export async function mockLabelPdf(content: MockLabelContent): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([WIDTH, HEIGHT]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText(content.mailClass.replace(/_/g, ' '), { x: 18, y: HEIGHT - 36, size: 12, font });
  page.drawText(`SHIP TO: ${content.toName}`, { x: 18, y: HEIGHT - 160, size: 10, font });
  page.drawText(content.toZIPCode, { x: 18, y: HEIGHT - 174, size: 10, font });
  page.drawText('USPS TRACKING #', { x: 18, y: 150, size: 10, font });
  drawCode128(page, content.trackingNumber, { x: 18, y: 70, width: WIDTH - 36, height: 72 });
  page.drawText(content.trackingNumber, { x: 18, y: 52, size: 10, font });
  return document.save();
}

/** Code 128 bars as bwip-js encodes them (bar and space widths in modules, starting with a bar). */
function drawCode128(
  page: PDFPage,
  text: string,
  box: { x: number; y: number; width: number; height: number },
) {
  const [symbol] = raw('code128', text, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js gave no bar widths for a Code 128 symbol');
  const widths: number[] = symbol.sbs;
  const scale = box.width / widths.reduce((sum, width) => sum + width, 0);
  let x = box.x;
  const bars = widths.flatMap((width, index) => {
    const bar = index % 2 === 0 ? [rectangle(x, box.y, width * scale, box.height)] : [];
    x += width * scale;
    return bar;
  });
  page.pushOperators(...bars, closePath(), fill());
}
