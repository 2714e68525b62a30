export * from './pickup-fields';
export * from './pickup-piece.dto';
export * from './pickup-order.request';
export * from './pickup-rates.request';
