import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const REPO_ROOT = join(__dirname, '../../../..');

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string | number | boolean>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

/** `${NAME:-default}` as compose reads it when NAME is not set; a variable without a default is an error. */
export function interpolate(value: string): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?::-([^}]*))?\}/g,
    (whole, name: string, fallback: string | undefined) => {
      if (fallback === undefined)
        throw new Error(`${whole} has no default: docker compose up would need ${name} set`);
      return fallback;
    },
  );
}

export function readComposeFile(): { services: Record<string, ComposeService> } {
  return parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
}

/** A service's environment as its process sees it: strings, defaults filled in. */
export function environmentOf(service: ComposeService): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]),
  );
}
