import type { UspsIntegration } from '../carrier/usps/usps-types';
import type { CredentialFields } from './carrier-credential-store';

/** The USPS adapter's integration from a shipper's stored credentials (UspsCredentialsRequest's fields). */
export function uspsIntegrationOf(id: string, fields: CredentialFields): UspsIntegration {
  const number = fields['payment_account_number'];
  return {
    id,
    client_id: fields['client_id'],
    client_secret: fields['client_secret'],
    crid: fields['crid'],
    mid: fields['mid'],
    manifest_mid: fields['manifest_mid'],
    account:
      fields['payment_account_type'] === 'PERMIT'
        ? { type: 'PERMIT', number, zip: fields['permit_zip'] }
        : { type: 'EPS', number },
  };
}
