import type { PDFPage } from 'pdf-lib';
import { pageOperators } from './pdf-text';

/**
 * The bar and space widths, in modules, of a barcode drawn on the page as filled rectangles (`x y w h re`):
 * bars are the rectangles' widths, spaces the gaps between them, the module the narrowest of either.
 * Compared with an encoding's widths, it reads a barcode back without a scanner.
 */
export function barcodeModules(page: PDFPage): number[] {
  const bars = [...pageOperators(page).matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re\b/g)]
    .map(([, x, , width]) => [Number(x), Number(width)] as const)
    .sort(([a], [b]) => a - b);
  const widths = bars.flatMap(([x, width], index) => {
    const next = bars[index + 1];
    return next ? [width, next[0] - (x + width)] : [width];
  });
  const module = Math.min(...widths);
  return widths.map((width) => Math.round(width / module));
}
