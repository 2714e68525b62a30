import { type CanActivate, Injectable } from '@nestjs/common';
import { INSTANT_SHIP_UNAVAILABLE_MESSAGE, Unavailable } from '@shipping/contracts';

type Env = Record<string, string | undefined>;

/** INSTANT_SHIP_ENABLED: true (default) or false; anything else fails the start with its name. */
export function readInstantShipEnabled(env: Env = process.env): boolean {
  const raw = env.INSTANT_SHIP_ENABLED?.trim();
  if (raw === undefined || raw === '' || raw === 'true') return true;
  if (raw === 'false') return false;
  throw new Error(
    `Invalid environment variable INSTANT_SHIP_ENABLED=${JSON.stringify(env.INSTANT_SHIP_ENABLED)}: expected true or false.`,
  );
}

/** Switched off by an operator, not a blip: callers are asked to come back in a minute. */
export const INSTANT_SHIP_OFF_RETRY_AFTER_SECONDS = 60;

/**
 * Turns instant ship off while the carrier has an issue: the endpoint answers 503 before the body
 * is even validated, so callers learn at once that retrying later is the only way.
 */
@Injectable()
export class InstantShipSwitch implements CanActivate {
  private readonly enabled = readInstantShipEnabled();

  canActivate(): boolean {
    if (!this.enabled)
      throw new Unavailable(INSTANT_SHIP_UNAVAILABLE_MESSAGE, INSTANT_SHIP_OFF_RETRY_AFTER_SECONDS);
    return true;
  }
}
