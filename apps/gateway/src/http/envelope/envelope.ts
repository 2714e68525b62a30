export interface SuccessEnvelope<T = unknown> {
  success: true;
  data?: T;
  message?: string;
}

export interface FailureEnvelope {
  success: false;
  message: string;
  data?: unknown;
}

/** The body of every HTTP response the gateway gives. */
export type ResponseEnvelope<T = unknown> = SuccessEnvelope<T> | FailureEnvelope;

/** A controller result that carries a message beside its data. */
export class WithMessage<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}

export function withMessage<T>(data: T, message: string): WithMessage<T> {
  return new WithMessage(data, message);
}

export function successEnvelope(result: unknown): SuccessEnvelope {
  const { data, message } = result instanceof WithMessage ? result : { data: result, message: undefined };
  return {
    success: true,
    ...(data === undefined ? {} : { data }),
    ...(message === undefined ? {} : { message }),
  };
}

export function failureEnvelope(message: string, data?: unknown): FailureEnvelope {
  return data === undefined ? { success: false, message } : { success: false, message, data };
}
