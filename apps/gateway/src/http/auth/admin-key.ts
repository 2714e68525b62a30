import { createHash, timingSafeEqual } from 'node:crypto';
import { SetMetadata } from '@nestjs/common';

export const IS_ADMIN = 'gateway:admin';

/** A controller of the admin API: only the admin key opens it, and no API key does. */
export const AdminOnly = () => SetMetadata(IS_ADMIN, true);

/** Requests under this path are the admin API's: 404 while ADMIN_API_KEY is unset. */
export const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/');

/** The admin key's id: what events record as the actor, never the key itself. */
export const adminKeyId = (adminKey: string) =>
  `adm_${createHash('sha256').update(adminKey, 'utf8').digest('hex').slice(0, 12)}`;

/** The account an admin request runs as: idempotency keys and rate limits are per admin key. */
export const adminAccountId = (keyId: string) => `admin:${keyId}`;

/** Compares SHA-256 digests, so neither a prefix match nor the key's length shows in the timing. */
export function isAdminKey(presented: Buffer, adminKey: string): boolean {
  return timingSafeEqual(presented, createHash('sha256').update(adminKey, 'utf8').digest());
}
