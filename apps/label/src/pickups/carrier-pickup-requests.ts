import {
  AppError,
  type CarrierPickupCancelRequest,
  type CarrierPickupScheduleRequest,
} from '@shipping/contracts';

/* The pickup app validated the pickup against the interface; these checks guard what the label app relies on. */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function refuse(message: string): never {
  throw new AppError('bad_request', message);
}

function assertKeyAndShipper(payload: Record<string, unknown>): void {
  const { pickup_key, shipper, mode } = payload;
  if (typeof pickup_key !== 'string' || !/^pickup-\d+$/.test(pickup_key))
    refuse('A carrier pickup is named by its pickup order stream (pickup-<id>).');
  if (
    !isObject(shipper) ||
    typeof shipper['carrier'] !== 'string' ||
    (shipper['integration'] !== 'own' && shipper['integration'] !== 'platform') ||
    typeof shipper['account_id'] !== 'string' ||
    !Number.isSafeInteger(shipper['shipper_id'])
  )
    refuse('A carrier pickup names its carrier, integration, account and shipper.');
  if (mode !== 'live') refuse('A test pickup never reaches a carrier.');
}

export function assertScheduleRequest(payload: unknown): asserts payload is CarrierPickupScheduleRequest {
  if (!isObject(payload)) refuse('A carrier pickup needs its key, shipper and pickup.');
  assertKeyAndShipper(payload);
  const { pickup } = payload;
  if (
    !isObject(pickup) ||
    typeof pickup['date'] !== 'string' ||
    !isObject(pickup['address']) ||
    !Array.isArray(pickup['pieces']) ||
    typeof pickup['estimated_weight_lbs'] !== 'number'
  )
    refuse('A carrier pickup needs a date, an address, pieces and an estimated weight.');
}

export function assertCancelRequest(payload: unknown): asserts payload is CarrierPickupCancelRequest {
  if (!isObject(payload)) refuse('A carrier pickup cancel needs its key, shipper and confirmation number.');
  assertKeyAndShipper(payload);
  if (typeof payload['confirmation_number'] !== 'string' || payload['confirmation_number'] === '')
    refuse('A carrier pickup cancel needs the confirmation number.');
}
