import type { Env } from './app-environment';

/** A variable's value as its reader reads it, or undefined when that reader refuses it (and names it). */
export function readIfValid<T>(reader: (env: Env) => T, env: Env): T | undefined {
  try {
    return reader(env);
  } catch {
    return undefined;
  }
}

export interface NamedDuration {
  name: string;
  ms: number;
}

/**
 * A duration that must outlast another by `marginMs`: refused naming both variables and `because`
 * (a reason that starts with "as"), when the two were each read valid.
 */
export function requireBeyond(
  duration: NamedDuration,
  other: NamedDuration,
  marginMs: number,
  because: string,
): void {
  const least = other.ms + marginMs;
  if (duration.ms < least)
    throw new Error(
      `Invalid environment variable ${duration.name}=${duration.ms}: expected at least ${least}, ${other.name} (${other.ms}) + ${marginMs}, ${because}.`,
    );
}
