import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { MERGED_SAVE_OPTIONS } from './save-options';

export interface MergedPdf {
  pdf: Uint8Array;
  pages: number;
}

/** Every page of every source, in order, in one document; deterministic like the labels. */
export async function mergePdfs(sources: readonly Uint8Array[]): Promise<MergedPdf> {
  const merged = await PDFDocument.create({ updateMetadata: false });
  for (const source of sources) {
    const document = await PDFDocument.load(source, {
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
    const pages = await merged.copyPages(document, document.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return { pdf: await merged.save(MERGED_SAVE_OPTIONS), pages: merged.getPageCount() };
}
