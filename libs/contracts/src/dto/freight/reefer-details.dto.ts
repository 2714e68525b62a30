import { InField, isFiniteNumber, NumberField } from '../../validation';
import { LIMITS } from '../limits';

export const REEFER_INSTRUCTIONS = ['continuous', 'cycle'] as const;
export type ReeferInstruction = (typeof REEFER_INSTRUCTIONS)[number];

export class ReeferDetails {
  @InField(REEFER_INSTRUCTIONS)
  instruction!: ReeferInstruction;

  @NumberField({ min: -LIMITS.temperature, max: LIMITS.temperature })
  min_temperature!: number;

  @NumberField({
    min: -LIMITS.temperature,
    max: LIMITS.temperature,
    checks: [
      {
        name: 'gt_min_temperature',
        test: (max, reefer) =>
          !isFiniteNumber(reefer.min_temperature) || (isFiniteNumber(max) && max > reefer.min_temperature),
        message: 'The :attribute must be greater than :sibling(min_temperature).',
      },
    ],
  })
  max_temperature!: number;
}
