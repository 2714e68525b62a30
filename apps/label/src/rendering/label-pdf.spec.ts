import { toSVG } from 'bwip-js';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { labelShipment, withReceiver } from '../testing/label-shipment.fixture';
import { pageOperators, pageTexts } from '../testing/pdf-text';
import type { LabelDrawing } from './label-drawing';
import { renderLabelPdf } from './label-pdf';

const TRACKING = '9405511206213123456784';

const drawing = (overrides: Partial<LabelDrawing> = {}): LabelDrawing => ({
  tracking_number: TRACKING,
  service_code: 'USPS-1',
  service_name: 'USPS Priority Mail',
  shipment: labelShipment(),
  ...overrides,
});

async function rendered(overrides: Partial<LabelDrawing> = {}) {
  const pdf = await renderLabelPdf(drawing(overrides));
  const document = await PDFDocument.load(pdf);
  return { pdf, document, page: document.getPage(0), texts: pageTexts(document.getPage(0)) };
}

describe('a sandbox label PDF', () => {
  it('is one 4x6 in page (288 x 432 pt)', async () => {
    const { document, page } = await rendered();
    expect(document.getPageCount()).toBe(1);
    expect(page.getSize()).toEqual({ width: 288, height: 432 });
  });

  it('shows the tracking number, the service code and its readable name', async () => {
    const { texts } = await rendered();
    expect(texts).toContain(TRACKING);
    expect(texts).toContain('USPS PRIORITY MAIL');
    expect(texts.some((text) => text.includes('USPS-1'))).toBe(true);
  });

  it('shows both addresses', async () => {
    const { texts } = await rendered();
    expect(texts).toEqual(
      expect.arrayContaining([
        'Acme Shipping Dept',
        'Attn: Dock 4',
        '350 5th Ave',
        'New York, NY 10118',
        'Jane Receiver',
        '1600 Amphitheatre Pkwy',
        'Mountain View, CA 94043',
      ]),
    );
  });

  it('shows the package count, the total weight with its unit and the references', async () => {
    const { texts } = await rendered();
    expect(texts).toContain('Packages: 2 · Pieces: 3 · Weight: 5.5 LBS');
    expect(texts).toContain('#1 2 x 10x8x4 IN · 1.25 LBS · Ref: PO-1234 / INV-9');
    const metric = await rendered({ shipment: labelShipment({ weight_unit: 'KG', length_unit: 'CM' }) });
    expect(metric.texts).toContain('Packages: 2 · Pieces: 3 · Weight: 5.5 KG');
  });

  it('draws the Code 128 bars bwip-js renders for the tracking number, with quiet zones, across the label', async () => {
    const svg = toSVG({ bcid: 'code128', text: TRACKING, height: 12, includetext: false });
    // bwip-js's SVG strokes each bar along its centre, 2 units to a module.
    const expected = [...svg.matchAll(/stroke-width="([\d.]+)" d="([^"]+)"/g)]
      .flatMap(([, width, path]) =>
        [...path.matchAll(/M([\d.]+) /g)].map(([, centre]) => [
          (Number(centre) - Number(width) / 2) / 2,
          Number(width) / 2,
        ]),
      )
      .sort(([a], [b]) => a - b);
    expect(expected.length).toBeGreaterThan(20);
    const modules = Number(/viewBox="0 0 ([\d.]+)/.exec(svg)?.[1]) / 2;
    const scale = (288 - 2 * 12) / (modules + 20);
    const operators = pageOperators((await rendered()).page);
    const bars = [...operators.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re\n/g)].map(
      ([, x, , width]) => [Number(x), Number(width)],
    );
    expect(bars).toHaveLength(expected.length);
    bars.forEach(([x, width], index) => {
      expect(x).toBeCloseTo(12 + (10 + expected[index][0]) * scale, 2);
      expect(width).toBeCloseTo(expected[index][1] * scale, 2);
    });
  });

  it('stores its drawing Flate-compressed, decoding to the same operators', async () => {
    const { page } = await rendered();
    const ref = page.node.Contents();
    const stream = page.doc.context.lookup(ref instanceof PDFArray ? ref.get(0) : ref);
    if (!(stream instanceof PDFRawStream)) throw new Error('expected a raw content stream');
    expect(stream.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    const decoded = pageOperators(page);
    expect(decoded).toContain(' re\n');
    expect(stream.getContents().length).toBeLessThan(decoded.length / 2);
  });

  it('gives the same bytes for the same drawing', async () => {
    const [first, second] = await Promise.all([renderLabelPdf(drawing()), renderLabelPdf(drawing())]);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
  });

  it('survives any text the API accepts, printing ? for what the font lacks', async () => {
    const hostile = withReceiver('山田 太郎 🚚 José שלום \u202Egnp.exe', {
      street_1: 'Straße 1\nLine two\u0000',
      city: 'Zürich',
      attention: '👨‍👩‍👧',
    });
    const { texts } = await rendered({ shipment: hostile });
    expect(texts).toEqual(
      expect.arrayContaining(['?? ?? ? José ???? ?gnp.exe', 'Straße 1 Line two', 'Attn: ?????']),
    );
    expect(texts.some((text) => text.startsWith('Zürich'))).toBe(true);
    expect(texts).toContain(TRACKING);
  });

  it('keeps long names, addresses and package lists on the label', async () => {
    const shipment = labelShipment({
      package_list: Array.from({ length: 50 }, (_, index) => ({
        count: 1,
        length: 1,
        width: 1,
        height: 1,
        weight: 1,
        reference_1: `R${index}`,
      })),
    });
    const { texts } = await rendered({
      shipment: { ...shipment, to_address: { ...shipment.to_address, name: 'W'.repeat(255) } },
    });
    const name = texts.find((text) => text.startsWith('WWW'));
    expect(name?.endsWith('…')).toBe(true);
    expect(texts).toContain('+ 46 more packages');
    expect(texts).toContain('Packages: 50 · Pieces: 50 · Weight: 50 LBS');
  });
});
