/** Messages the gateway's HTTP layer answers with parts that vary, kept here for the API description to quote. */
export const bodyTooLargeMessage = (limit: string) =>
  `The request body is larger than the limit of ${limit}.`;
export const bodyTooDeepMessage = (maxDepth: number) =>
  `The request body is nested too deeply (more than ${maxDepth} levels).`;
export const IDEMPOTENCY_KEY_FORMAT_MESSAGE =
  'The Idempotency-Key header must be 1 to 255 printable ASCII characters.';
export const undecodableParamMessage = (param: string) => `Failed to decode param '${param}'`;
