import { randomBytes } from 'node:crypto';

/** A new account's id: `acct_` and 16 random base64url characters (96 bits), never reused. */
export const newAccountId = () => `acct_${randomBytes(12).toString('base64url')}`;
