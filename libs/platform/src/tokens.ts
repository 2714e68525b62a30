/** Injection tokens for the adapters chosen by configuration; handlers never know which one runs. */
export const SQL_CLIENT = Symbol('SQL_CLIENT');
export const EVENT_STORE = Symbol('EVENT_STORE');
