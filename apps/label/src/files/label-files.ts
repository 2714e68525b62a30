import { Inject, Injectable } from '@nestjs/common';
import { AppError, type LabelFileContent } from '@shipping/contracts';
import { readFile } from 'node:fs/promises';
import { LABEL_CONFIG, type LabelConfig } from '../label-config';
import { writeFileAtomic } from './atomic-write';
import { pathOfKey } from './label-keys';

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/** Label PDFs on disk, addressed by keys relative to the label root. */
@Injectable()
export class LabelFiles {
  constructor(@Inject(LABEL_CONFIG) private readonly config: LabelConfig) {}

  /** The absolute path of a key; a key that could leave the label root is refused. */
  pathOf(key: unknown): string {
    const path = pathOfKey(this.config.labelsRoot, key);
    if (path === undefined)
      throw new AppError('bad_request', 'The label key is not a PDF file under the label folder.');
    return path;
  }

  async write(key: string, content: Uint8Array): Promise<void> {
    await writeFileAtomic(this.pathOf(key), content);
  }

  async read(key: unknown): Promise<LabelFileContent> {
    try {
      return { content_base64: (await readFile(this.pathOf(key))).toString('base64') };
    } catch (error) {
      if (MISSING.has((error as NodeJS.ErrnoException).code ?? '')) return null;
      throw error;
    }
  }
}
