import { readFileSync } from 'node:fs';

/** The flags of each credential field; a secret is better given in --credentials-file (see USAGE). */
export const CREDENTIAL_FLAGS = {
  'client-id': 'client_id',
  'client-secret': 'client_secret',
  crid: 'crid',
  mid: 'mid',
  'manifest-mid': 'manifest_mid',
  'payment-account-type': 'payment_account_type',
  'payment-account-number': 'payment_account_number',
  'permit-zip': 'permit_zip',
  'account-number': 'account_number',
} as const;

export const CREDENTIAL_OPTIONS = Object.fromEntries(
  [...Object.keys(CREDENTIAL_FLAGS), 'credentials-file'].map((flag) => [flag, { type: 'string' }]),
) as Record<keyof typeof CREDENTIAL_FLAGS | 'credentials-file', { type: 'string' }>;

export class CredentialsFileError extends Error {}

/**
 * The credentials of a command line: the JSON object of --credentials-file (`-` reads stdin), then
 * each field flag over it; undefined when none is given. The service validates the fields.
 */
export function credentialsOf(
  values: Partial<Record<string, string | boolean | undefined>>,
  read: (path: string | 0) => string = (path) => readFileSync(path, 'utf8'),
): Record<string, unknown> | undefined {
  const file = values['credentials-file'];
  let credentials: Record<string, unknown> | undefined;
  if (typeof file === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(read(file === '-' ? 0 : file));
    } catch (error) {
      // The message of a JSON error may quote the file: name the file only.
      throw new CredentialsFileError(
        `--credentials-file ${file} is not a readable JSON object (${(error as NodeJS.ErrnoException).code ?? 'invalid JSON'}).`,
      );
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new CredentialsFileError(`--credentials-file ${file} must hold a JSON object.`);
    credentials = parsed as Record<string, unknown>;
  }
  for (const [flag, field] of Object.entries(CREDENTIAL_FLAGS)) {
    const value = values[flag];
    if (typeof value === 'string') credentials = { ...credentials, [field]: value };
  }
  return credentials;
}
