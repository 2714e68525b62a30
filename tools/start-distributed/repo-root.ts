import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../..');

/** Node's arguments that run a TypeScript entry, as `npm start` does. */
export const TS_RUNTIME = ['-r', join(REPO_ROOT, 'tools/ts-runtime/register.js')];
