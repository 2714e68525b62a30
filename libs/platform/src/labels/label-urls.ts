import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_HTTP_PORT, LOOPBACK_HOST } from '../config/http-listener';

/**
 * Label files are served at `/labels/<key>?expires=<unix seconds>&signature=<hex>`: the signature
 * is the credential, like a signed S3 URL, so a link can be handed to a printer or a browser.
 */
export const LABEL_URL_PATH = '/labels';

export interface SignedLabelQuery {
  expires: string;
  signature: string;
}

export type LabelSignatureCheck = 'valid' | 'expired' | 'invalid';

export interface LabelUrlConfig {
  secret: string;
  ttlSeconds: number;
}

/**
 * Only good for the embedded sandbox runtime, where links are made and checked by one process on
 * a developer's machine; any shared deployment sets LABEL_URL_SECRET.
 */
export const SANDBOX_LABEL_URL_SECRET = 'sandbox-label-url-secret-not-for-production';
export const DEFAULT_LABEL_URL_TTL_SECONDS = 7 * 24 * 60 * 60;

const MIN_SECRET_LENGTH = 16;
const EXPIRES_PATTERN = /^\d{1,12}$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;

function hmacHex(key: string, expires: string, secret: string): string {
  return createHmac('sha256', secret).update(`${key}\n${expires}`).digest('hex');
}

export function signLabelPath(key: string, expiresAtUnixSeconds: number, secret: string): SignedLabelQuery {
  if (!Number.isSafeInteger(expiresAtUnixSeconds) || expiresAtUnixSeconds < 0) {
    throw new RangeError(`expiresAtUnixSeconds must be a non-negative integer, got ${expiresAtUnixSeconds}`);
  }
  const expires = String(expiresAtUnixSeconds);
  return { expires, signature: hmacHex(key, expires, secret) };
}

/** The signature is checked before the expiry, so only an authentic link is ever called expired. */
export function verifyLabelSignature(
  key: string,
  expires: unknown,
  signature: unknown,
  secret: string,
  nowUnixSeconds: number,
): LabelSignatureCheck {
  if (typeof expires !== 'string' || !EXPIRES_PATTERN.test(expires)) return 'invalid';
  if (typeof signature !== 'string' || !SIGNATURE_PATTERN.test(signature)) return 'invalid';
  const expected = Buffer.from(hmacHex(key, expires, secret), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(expires) < nowUnixSeconds ? 'expired' : 'valid';
}

/** A full signed URL for a label file, valid for `ttlSeconds` from `nowUnixSeconds`. */
export function labelUrl(
  baseUrl: string,
  key: string,
  secret: string,
  ttlSeconds: number,
  nowUnixSeconds: number,
): string {
  const { expires, signature } = signLabelPath(key, Math.floor(nowUnixSeconds) + ttlSeconds, secret);
  const path = key.split('/').map(encodeURIComponent).join('/');
  const query = new URLSearchParams({ expires, signature });
  return `${baseUrl.replace(/\/+$/, '')}${LABEL_URL_PATH}/${path}?${query.toString()}`;
}

/** LABEL_URL_SECRET (sandbox default) and LABEL_URL_TTL_SECONDS (7 days); a bad value fails the start. */
export function readLabelUrlConfig(env: Record<string, string | undefined> = process.env): LabelUrlConfig {
  const secret = env['LABEL_URL_SECRET']?.trim() || SANDBOX_LABEL_URL_SECRET;
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `Invalid environment variable LABEL_URL_SECRET: expected at least ${MIN_SECRET_LENGTH} characters.`,
    );
  }
  const rawTtl = env['LABEL_URL_TTL_SECONDS']?.trim();
  if (rawTtl === undefined || rawTtl === '') return { secret, ttlSeconds: DEFAULT_LABEL_URL_TTL_SECONDS };
  const ttlSeconds = Number(rawTtl);
  if (!/^\d+$/.test(rawTtl) || !Number.isSafeInteger(ttlSeconds) || ttlSeconds < 1) {
    throw new Error(
      `Invalid environment variable LABEL_URL_TTL_SECONDS=${JSON.stringify(rawTtl)}: expected an integer of at least 1.`,
    );
  }
  return { secret, ttlSeconds };
}

/**
 * Where callers reach the gateway, for label URLs made away from an HTTP request (webhook bodies):
 * PUBLIC_BASE_URL, else the local runtime's own address.
 */
export function publicBaseUrl(env: Record<string, string | undefined> = process.env): string {
  return env.PUBLIC_BASE_URL?.trim() || `http://${LOOPBACK_HOST}:${env.PORT ?? DEFAULT_HTTP_PORT}`;
}

/** Signed label URLs on the public base URL, for links made away from an HTTP request (webhook bodies). */
export class PublicLabelLinks {
  private readonly config = readLabelUrlConfig();
  private readonly baseUrl = publicBaseUrl();

  url(key: string, nowUnixSeconds = Math.floor(Date.now() / 1000)): string {
    return labelUrl(this.baseUrl, key, this.config.secret, this.config.ttlSeconds, nowUnixSeconds);
  }
}
