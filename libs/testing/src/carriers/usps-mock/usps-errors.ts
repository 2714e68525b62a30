/**
 * USPS's error bodies, in the shapes USPS publishes:
 * - the APIs' `ErrorMessage` (Labels 3.0 and Carrier Pickup 3.0 OpenAPI documents, `components.schemas.ErrorMessage`,
 *   and the Labels example `ExampleCancelError_NOTFOUND`): `{ apiVersion, error: { code, message, errors: [...] } }`;
 * - the OAuth 2.0 API's `StandardErrorResponse` (OAuth 3.0 OpenAPI document): `{ error, error_description }`.
 */
export interface UspsErrorDetail {
  title?: string;
  detail: string;
  code?: string;
  parameter?: string;
}

/** The error titles of USPS's Error Inventory, "General Errors" sheet, by status. */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function uspsErrorBody(apiVersion: string, status: number, details: UspsErrorDetail[]): unknown {
  const title = TITLES[status] ?? 'Error';
  return {
    apiVersion,
    error: {
      code: String(status),
      message: title,
      errors: details.map(({ title: detailTitle, detail, code, parameter }) => ({
        status: String(status),
        ...(code ? { code } : {}),
        title: detailTitle ?? title,
        detail,
        ...(parameter ? { source: { parameter } } : {}),
      })),
    },
  };
}

export function oauthErrorBody(
  error: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type',
  description: string,
) {
  return { error, error_description: description };
}
