/** A field's path (package_list.0.items.1.hs_code) to its messages, as a 422 answers it. */
export type FieldErrors = Record<string, string[]>;

/** An answer that was not a success, with the envelope's message and, for a 422, its field map. */
export class ShippingApiError extends Error {
  override readonly name = 'ShippingApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The envelope's `data`: the field map of a 422, or the detail of another failure. */
    readonly data: unknown,
    /** The request's X-Request-Id, to find it in the service's logs. */
    readonly requestId: string | null,
  ) {
    super(message);
  }

  /** The field map of a validation failure; empty for any other failure. */
  get fields(): FieldErrors {
    return this.status === 422 && isFieldErrors(this.data) ? this.data : {};
  }

  static fromAnswer(response: Response, body: unknown): ShippingApiError {
    const envelope = (typeof body === 'object' && body !== null ? body : {}) as {
      message?: unknown;
      data?: unknown;
    };
    const message =
      typeof envelope.message === 'string'
        ? envelope.message
        : `HTTP ${response.status} ${response.statusText}`;
    return new ShippingApiError(
      response.status,
      message,
      envelope.data,
      response.headers.get('x-request-id'),
    );
  }
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
    )
  );
}

/** The data of a success envelope, or the failure as a ShippingApiError. */
export function unwrap<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data?.data as T;
  throw ShippingApiError.fromAnswer(result.response, result.error);
}
