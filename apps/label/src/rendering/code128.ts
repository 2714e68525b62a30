import {
  closePath,
  fill,
  type PDFOperator,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
} from 'pdf-lib';
import { raw } from 'bwip-js';

export interface Box {
  /** Left edge. */
  x: number;
  /** Top edge (PDF y grows upwards). */
  top: number;
  width: number;
  height: number;
}

/** Bar and space widths in modules, alternating and starting with a bar, as bwip-js encodes them. */
export function code128Widths(text: string): number[] {
  const [symbol] = raw('code128', text, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js gave no bar widths for a Code 128 symbol');
  return symbol.sbs;
}

/** The clear space Code 128 needs on either side of the bars. */
export const QUIET_ZONE_MODULES = 10;

/** Bars as [left, width] in points, quiet zones included in the box. */
export function barRectangles(widths: readonly number[], box: Pick<Box, 'x' | 'width'>): [number, number][] {
  const modules = widths.reduce((sum, width) => sum + width, 0) + 2 * QUIET_ZONE_MODULES;
  const scale = box.width / modules;
  const bars: [number, number][] = [];
  let x = box.x + QUIET_ZONE_MODULES * scale;
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push([round(x), round(width * scale)]);
    x += width * scale;
  });
  return bars;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Draws a Code 128 barcode of `text` across the box. bwip-js encodes the symbol; its bars are
 * filled as rectangles, one `re` operator each, in one path: bwip-js's own SVG renderer costs
 * about ten times the encoding, and drawing the bars as an SVG path made pdf-lib parse it and
 * write five operators a bar, a sixth of a label's whole drawing time.
 */
export function drawCode128(page: PDFPage, text: string, box: Box): void {
  const bottom = box.top - box.height;
  const operators: PDFOperator[] = [pushGraphicsState(), setFillingGrayscaleColor(0)];
  for (const [x, width] of barRectangles(code128Widths(text), box))
    operators.push(rectangle(x, bottom, width, box.height));
  operators.push(closePath(), fill(), popGraphicsState());
  page.pushOperators(...operators);
}
