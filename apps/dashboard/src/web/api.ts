/** The public API on the dashboard's own origin, called with the signed-in API key. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface ApiResponseBody<T> {
  success: boolean;
  message?: string;
  data?: T;
}

export async function apiGet<T>(path: string, apiKey: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
    cache: 'no-store',
    signal,
  });
  const body = (await response.json().catch(() => undefined)) as ApiResponseBody<T> | undefined;
  if (!response.ok || !body?.success) {
    throw new ApiError(
      response.status,
      body?.message ?? `The service answered with status ${response.status}.`,
    );
  }
  return body.data as T;
}
