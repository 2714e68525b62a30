import { execFile } from 'node:child_process';
import { cp, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const BUILD_SCRIPT = join(__dirname, 'build-pglite-template.mjs');

/**
 * The installed PGlite's data template (a database folder straight after initdb), built by the
 * script in a child process when it is missing, so initdb's memory (about 770 MB at its peak) is
 * never this process's. Undefined when it cannot be built: PGlite then runs initdb in this process.
 * Its image for `loadDataDir`, the same database as a tar file, lies beside it: `<folder>.tar`.
 */
export async function pgliteTemplate(): Promise<string | undefined> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [BUILD_SCRIPT]);
    return stdout.trim();
  } catch (error) {
    process.emitWarning(
      `The PGlite data template could not be built (${error instanceof Error ? error.message : String(error)}); ` +
        'initdb runs in this process instead.',
    );
    return undefined;
  }
}

/** `dataDir`, which must not exist, as a copy of `template`: copied beside it and renamed, so a cut-short copy is never taken for a database. */
export async function copyPgliteTemplate(template: string, dataDir: string): Promise<void> {
  const staging = `${dataDir}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await cp(template, staging, { recursive: true });
  await rename(staging, dataDir);
}

/** The template's image, the same database as a tar file, for an in-memory PGlite's `loadDataDir`. */
export function pgliteTemplateImagePath(template: string): string {
  return `${template}.tar`;
}

let image: Promise<Blob | undefined> | undefined;

/** The template's image, read once per module instance: a Blob is never changed by PGlite, so all in-memory databases of a spec file load the same one. */
export function pgliteTemplateImage(): Promise<Blob | undefined> {
  image ??= pgliteTemplate().then(async (template) =>
    template === undefined ? undefined : new Blob([await readFile(pgliteTemplateImagePath(template))]),
  );
  return image;
}
