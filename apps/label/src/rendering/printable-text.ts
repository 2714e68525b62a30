import type { PDFFont } from 'pdf-lib';

export const REPLACEMENT = '?';
const ELLIPSIS = '\u2026';

/** By font name: every label embeds its own font objects, with the same character sets. */
const characterSets = new Map<string, ReadonlySet<number>>();

function characterSet(font: PDFFont): ReadonlySet<number> {
  let set = characterSets.get(font.name);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font.name, set);
  }
  return set;
}

/**
 * Text the font can draw. Standard PDF fonts encode WinAnsi only and pdf-lib throws on anything
 * else, while the API accepts any Unicode: composed accents are kept (NFC), every other code point
 * the font lacks (CJK, emoji, RTL scripts, bidi controls) becomes one `?`, and control characters
 * become spaces so a name cannot break a line or reorder the label.
 */
export function printable(text: string, font: PDFFont): string {
  const supported = characterSet(font);
  let out = '';
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) as number;
    if (/\p{Cc}/u.test(char)) out += ' ';
    else out += supported.has(codePoint) ? char : REPLACEMENT;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Printable text cut to `maxWidth` points, ending in an ellipsis when cut. */
export function fitted(text: string, font: PDFFont, size: number, maxWidth: number): string {
  const clean = printable(text, font);
  if (font.widthOfTextAtSize(clean, size) <= maxWidth) return clean;
  const budget = maxWidth - font.widthOfTextAtSize(ELLIPSIS, size);
  let width = 0;
  let end = 0;
  for (const char of clean) {
    width += font.widthOfTextAtSize(char, size);
    if (width > budget) break;
    end += char.length;
  }
  return `${clean.slice(0, end).trimEnd()}${ELLIPSIS}`;
}
