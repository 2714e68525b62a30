/** The ClientProxy of whichever transport runs (in-process or Kafka). */
export const MESSAGE_CLIENT = Symbol('MESSAGE_CLIENT');
