export * from './batch-shipment.dto';
export * from './create-batch.request';
