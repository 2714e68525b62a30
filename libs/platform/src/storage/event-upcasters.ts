/**
 * The `Upcasters` of the event types this process's apps store, built from what each app
 * registers (AppEvents): whatever reads the store sees only the latest versions.
 */
export const EVENT_UPCASTERS = Symbol('EVENT_UPCASTERS');
