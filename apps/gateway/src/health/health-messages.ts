export const STORE_NOT_ANSWERING_MESSAGE = 'The store is not answering.';
/** `failing`: each check that is not ok, as `<name> <state>`. */
export const notReadyMessage = (failing: string[]) => `Not ready: ${failing.join('; ')}.`;
