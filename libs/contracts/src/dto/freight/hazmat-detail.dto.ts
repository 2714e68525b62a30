import {
  COMPATIBILITY_GROUPS,
  type CompatibilityGroup,
  findHazmatMatrix,
  type HazmatMatrix,
  isClass1Explosive,
  PACKING_GROUPS,
  type PackingGroup,
} from '@shipping/reference-data';
import { InField, IntegerField, isInteger, messages, type Owner, type Presence } from '../../validation';

const matrixOf = (detail: Owner): HazmatMatrix | undefined =>
  isInteger(detail.hazmat_matrix_id) ? findHazmatMatrix(detail.hazmat_matrix_id) : undefined;

/** Unknown matrix: the id is refused already, so the groups are only checked against their lists. */
function packingGroupPresence(detail: Owner): Presence {
  const matrix = matrixOf(detail);
  if (!matrix) return 'optional';
  return matrix.allowed_packing_groups.length > 0 ? 'required' : 'prohibited';
}

function compatibilityGroupPresence(detail: Owner): Presence {
  const matrix = matrixOf(detail);
  if (!matrix) return 'optional';
  return isClass1Explosive(matrix.hazard_class) ? 'required' : 'prohibited';
}

export class HazmatDetail {
  @IntegerField({
    checks: [
      {
        name: 'exists',
        test: (id) => isInteger(id) && findHazmatMatrix(id) !== undefined,
        message: messages.in,
      },
    ],
  })
  hazmat_matrix_id!: number;

  @InField(PACKING_GROUPS, {
    presence: packingGroupPresence,
    condition:
      'Required when the chosen `hazmat_matrix_id` allows packing groups (then one of those it allows); refused when it allows none.',
    requiredMessage: 'The :attribute field is required for the selected :sibling(hazmat_matrix_id).',
    prohibitedMessage:
      'The :attribute field is prohibited: the selected :sibling(hazmat_matrix_id) allows no packing group.',
    checks: [
      {
        name: 'allowed_by_matrix',
        test: (group, detail) =>
          (matrixOf(detail)?.allowed_packing_groups ?? PACKING_GROUPS).some((allowed) => allowed === group),
        message: (detail) =>
          `The :attribute must be one of ${matrixOf(detail)?.allowed_packing_groups.join(', ')} for the selected :sibling(hazmat_matrix_id).`,
      },
    ],
  })
  packing_group?: PackingGroup | null;

  @InField(COMPATIBILITY_GROUPS, {
    presence: compatibilityGroupPresence,
    condition:
      'Required when the chosen `hazmat_matrix_id` is a Class 1 explosive (hazard class 1.x, except 1.5 and 1.6); refused otherwise.',
    requiredMessage:
      'The :attribute field is required: the selected :sibling(hazmat_matrix_id) is a Class 1 explosive.',
    prohibitedMessage:
      'The :attribute field is prohibited: the selected :sibling(hazmat_matrix_id) is not a Class 1 explosive.',
  })
  compatibility_group?: CompatibilityGroup | null;
}
