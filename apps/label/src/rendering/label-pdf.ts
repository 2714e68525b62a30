import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { LabelAddress, LabelPackage } from '@shipping/contracts';
import { drawCode128 } from './code128';
import { LABEL_HEIGHT, LABEL_WIDTH, type LabelDrawing } from './label-drawing';
import { fitted } from './printable-text';
import { deflateContentStreams } from './native-flate';
import { LABEL_SAVE_OPTIONS } from './save-options';

const MARGIN = 12;
const CONTENT_WIDTH = LABEL_WIDTH - 2 * MARGIN;
const PACKAGE_LINES = 4;
const BLACK = rgb(0, 0, 0);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Writes lines top-down from the top margin. */
class Cursor {
  private y = LABEL_HEIGHT - MARGIN;

  constructor(private readonly page: PDFPage) {}

  text(text: string, font: PDFFont, size: number): void {
    this.lines([text], font, size);
  }

  /** One text object for many lines: a label draws a thousand times a batch, operators add up. */
  lines(texts: readonly string[], font: PDFFont, size: number): void {
    if (texts.length === 0) return;
    const lineHeight = size * 1.25;
    this.y -= size;
    const text = texts.map((line) => fitted(line, font, size, CONTENT_WIDTH)).join('\n');
    this.page.drawText(text, { x: MARGIN, y: this.y, size, font, lineHeight, color: BLACK });
    this.y -= (texts.length - 1) * lineHeight + size * 0.25;
  }

  rule(): void {
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: LABEL_WIDTH - MARGIN, y: this.y },
      thickness: 1,
      color: BLACK,
    });
    this.y -= 4;
  }
}

const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

function addressLines(address: LabelAddress): string[] {
  const place = [address.city, [address.state, address.zip].filter(present).join(' ')]
    .filter(present)
    .join(', ');
  return [
    address.attention ? `Attn: ${address.attention}` : undefined,
    address.street_1,
    address.street_2,
    address.street_3,
    place,
    address.country,
    [address.telephone, address.email].filter(present).join(' · '),
  ].filter(present);
}

const measure = (value: number) => String(Math.round(value * 100) / 100);

function packageLine(index: number, pkg: LabelPackage, lengthUnit: string, weightUnit: string): string {
  const references = [pkg.reference_1, pkg.reference_2].filter(present);
  return [
    `#${index + 1} ${pkg.count} x ${measure(pkg.length)}x${measure(pkg.width)}x${measure(pkg.height)} ${lengthUnit}`,
    `${measure(pkg.weight)} ${weightUnit}`,
    references.length > 0 ? `Ref: ${references.join(' / ')}` : undefined,
  ]
    .filter(present)
    .join(' · ');
}

function drawHeader(cursor: Cursor, drawing: LabelDrawing, fonts: Fonts): void {
  cursor.text(drawing.service_name.toUpperCase(), fonts.bold, 14);
  cursor.text(`Service ${drawing.service_code} · SANDBOX - NOT FOR MAILING`, fonts.regular, 7);
  cursor.rule();
}

function drawAddresses(cursor: Cursor, drawing: LabelDrawing, fonts: Fonts): void {
  const { from_address: from, to_address: to } = drawing.shipment;
  cursor.text('FROM', fonts.bold, 6);
  cursor.text(from.name, fonts.bold, 7);
  cursor.lines(addressLines(from), fonts.regular, 7);
  cursor.rule();
  cursor.text('SHIP TO', fonts.bold, 7);
  cursor.text(to.name, fonts.bold, 11);
  cursor.lines(addressLines(to), fonts.regular, 10);
  cursor.rule();
}

function drawPackages(cursor: Cursor, drawing: LabelDrawing, fonts: Fonts): void {
  const { package_list: packages, weight_unit, length_unit } = drawing.shipment;
  const pieces = packages.reduce((sum, pkg) => sum + pkg.count, 0);
  const weight = packages.reduce((sum, pkg) => sum + pkg.count * pkg.weight, 0);
  cursor.text(
    `Packages: ${packages.length} · Pieces: ${pieces} · Weight: ${measure(weight)} ${weight_unit}`,
    fonts.bold,
    8,
  );
  const lines = packages
    .slice(0, PACKAGE_LINES)
    .map((pkg, index) => packageLine(index, pkg, length_unit, weight_unit));
  if (packages.length > PACKAGE_LINES) lines.push(`+ ${packages.length - PACKAGE_LINES} more packages`);
  cursor.lines(lines, fonts.regular, 7);
}

function drawTracking(page: PDFPage, trackingNumber: string, fonts: Fonts): void {
  const numberSize = 11;
  const numberY = MARGIN + 8;
  const barcodeTop = numberY + numberSize + 4 + 62;
  page.drawText('TRACKING #', { x: MARGIN, y: barcodeTop + 6, size: 8, font: fonts.bold, color: BLACK });
  drawCode128(page, trackingNumber, { x: MARGIN, top: barcodeTop, width: CONTENT_WIDTH, height: 62 });
  const width = fonts.bold.widthOfTextAtSize(trackingNumber, numberSize);
  page.drawText(trackingNumber, {
    x: (LABEL_WIDTH - width) / 2,
    y: numberY,
    size: numberSize,
    font: fonts.bold,
    color: BLACK,
  });
}

/**
 * One 4x6 in label page. Deterministic: no dates or producer in the file, so the same drawing
 * always gives the same bytes (a re-rendered label after a crash is the label that was bought).
 */
export async function renderLabelPdf(drawing: LabelDrawing): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([LABEL_WIDTH, LABEL_HEIGHT]);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const cursor = new Cursor(page);
  drawHeader(cursor, drawing, fonts);
  drawAddresses(cursor, drawing, fonts);
  drawPackages(cursor, drawing, fonts);
  drawTracking(page, drawing.tracking_number, fonts);
  deflateContentStreams(doc);
  return doc.save(LABEL_SAVE_OPTIONS);
}
