export const MAX_BATCH_SHIPMENTS = 1_000;
