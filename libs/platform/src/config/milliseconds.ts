import type { Env } from './app-environment';

/**
 * A duration in milliseconds from an environment variable: undefined when it is unset or empty,
 * an integer of at least `least` otherwise; any other value stops the start naming the variable.
 */
export function readMilliseconds(env: Env, name: string, least: number): number | undefined {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < least)
    throw new Error(
      `Invalid environment variable ${name}=${JSON.stringify(text)}: expected milliseconds, an integer of at least ${least}.`,
    );
  return value;
}
