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
  ports?: string[];
  volumes?: string[];
  deploy?: { replicas?: string | number };
  container_name?: string;
}

export type DotEnv = Record<string, string>;

/** An env file as compose reads one: `NAME=value` lines, comments and blank lines skipped. */
export function readEnvFile(name: string): DotEnv {
  return Object.fromEntries(
    readFileSync(join(REPO_ROOT, name), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/**
 * `${NAME}`, `${NAME:-default}` and `${NAME:?message}` as compose reads them with `dotEnv` as its
 * environment (`$$` is a literal `$`); a required variable that is unset is an error.
 */
export function interpolate(value: string, dotEnv: DotEnv): string {
  return value
    .replace(
      /\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g,
      (whole, name: string, kind?: string, text?: string) => {
        const set = dotEnv[name];
        if (set !== undefined && set !== '') return set;
        if (kind === '-') return text ?? '';
        throw new Error(
          `${whole}: docker compose up would need ${name} set${kind === '?' ? ` (${text})` : ''}`,
        );
      },
    )
    .replace(/\$\$/g, '$');
}

export function readComposeFile(): { services: Record<string, ComposeService> } {
  return parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
}

/** A service's environment as its process sees it: strings, `dotEnv` and defaults filled in. */
export function environmentOf(service: ComposeService, dotEnv: DotEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      interpolate(String(value), dotEnv),
    ]),
  );
}
