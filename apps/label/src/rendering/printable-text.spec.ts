import { PDFDocument, StandardFonts } from 'pdf-lib';
import { fitted, printable } from './printable-text';

describe('text the standard label fonts can draw', () => {
  let font: Awaited<ReturnType<PDFDocument['embedFont']>>;

  beforeAll(async () => {
    font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  });

  it.each([
    ['Jane Receiver', 'Jane Receiver'],
    ['José Müller-Lüdenscheidt, Ærøskøbing', 'José Müller-Lüdenscheidt, Ærøskøbing'],
    ['Cafe\u0301 (decomposed accent)', 'Café (decomposed accent)'],
    ['€100 „quoted“ – dash', '€100 „quoted“ – dash'],
    ['山田太郎', '????'],
    ['Ünïcödé 🚚📦 parcel', 'Ünïcödé ?? parcel'],
    ['👨‍👩‍👧 family', '????? family'],
    ['שלום עליכם', '???? ?????'],
    ['مرحبا', '?????'],
    ['\u202Eevil\u202C override', '?evil? override'],
    ['zero\u200Bwidth', 'zero?width'],
    ['line one\nline two\r\n\tthree', 'line one line two three'],
    ['  padded\u0000name  ', 'padded name'],
  ])('%p prints as %p', (input, expected) => {
    const text = printable(input, font);
    expect(text).toBe(expected);
    expect(() => font.encodeText(text)).not.toThrow();
  });

  it('pdf-lib itself throws on text outside WinAnsi, which is why labels need this', () => {
    expect(() => font.encodeText('山田太郎')).toThrow();
  });

  it('cuts text wider than the room with an ellipsis', () => {
    const long = 'Wolfeschlegelsteinhausenbergerdorff '.repeat(10);
    const cut = fitted(long, font, 10, 200);
    expect(cut.endsWith('…')).toBe(true);
    expect(font.widthOfTextAtSize(cut, 10)).toBeLessThanOrEqual(200);
    expect(fitted('Short', font, 10, 200)).toBe('Short');
  });
});
