import { errorsOf, freightItem, freightOrder, validated } from '../request-bodies.fixture';
import { FreightOrderRequest } from './freight-order.request';

/** Matrices of the reference data: 1 gasoline (3, II), 3 (3, I-III), 6 (8, II-III), 8 (8, none), 9 (2.1, none),
 *  15 (1.4), 17 (1.1), 19 (1.5), 20 (1.6). */
const withDetail = (hazmat_detail: unknown) => ({
  ...freightOrder(),
  items: [{ ...freightItem(), is_hazmat: true, hazmat_detail }],
  emergency_contact: { name: 'CHEMTREC', phone: '8004249300' },
});
const detailOf = (detail: Record<string, unknown>) =>
  validated(FreightOrderRequest, withDetail(detail)).items[0].hazmat_detail;
const errorsOfDetail = (detail: unknown) => errorsOf(FreightOrderRequest, withDetail(detail));
const PATH = 'items.0.hazmat_detail';

describe('hazmat_detail', () => {
  describe('hazmat_matrix_id', () => {
    it.each([
      [undefined, `The ${PATH}.hazmat_matrix_id field is required.`],
      ['1', `The ${PATH}.hazmat_matrix_id must be an integer.`],
      [999, `The selected ${PATH}.hazmat_matrix_id is invalid.`],
      [0, `The selected ${PATH}.hazmat_matrix_id is invalid.`],
    ])('refuses %p', (id, message) => {
      expect(errorsOfDetail({ hazmat_matrix_id: id })).toEqual({ [`${PATH}.hazmat_matrix_id`]: [message] });
    });

    it('still checks the groups against their lists when the id is unknown', () => {
      expect(errorsOfDetail({ hazmat_matrix_id: 999, packing_group: 'IV' })).toEqual({
        [`${PATH}.hazmat_matrix_id`]: [`The selected ${PATH}.hazmat_matrix_id is invalid.`],
        [`${PATH}.packing_group`]: [`The selected ${PATH}.packing_group is invalid.`],
      });
    });
  });

  describe('packing_group', () => {
    it.each(['I', 'II', 'III'])('accepts %s where the classification allows all three', (packing_group) => {
      expect(detailOf({ hazmat_matrix_id: 3, packing_group })?.packing_group).toBe(packing_group);
    });

    it('accepts one the classification allows', () => {
      expect(detailOf({ hazmat_matrix_id: 6, packing_group: 'III' })?.packing_group).toBe('III');
    });

    it('refuses one the classification does not allow', () => {
      expect(errorsOfDetail({ hazmat_matrix_id: 6, packing_group: 'I' })).toEqual({
        [`${PATH}.packing_group`]: [
          `The ${PATH}.packing_group must be one of II, III for the selected ${PATH}.hazmat_matrix_id.`,
        ],
      });
      expect(errorsOfDetail({ hazmat_matrix_id: 1, packing_group: 'III' })).toEqual({
        [`${PATH}.packing_group`]: [
          `The ${PATH}.packing_group must be one of II for the selected ${PATH}.hazmat_matrix_id.`,
        ],
      });
    });

    it('is required when the classification allows one', () => {
      expect(errorsOfDetail({ hazmat_matrix_id: 1 })).toEqual({
        [`${PATH}.packing_group`]: [
          `The ${PATH}.packing_group field is required for the selected ${PATH}.hazmat_matrix_id.`,
        ],
      });
    });

    it.each(['IV', 'ii', 2])('refuses %p, which is no packing group', (packing_group) => {
      expect(errorsOfDetail({ hazmat_matrix_id: 3, packing_group })).toEqual({
        [`${PATH}.packing_group`]: [`The selected ${PATH}.packing_group is invalid.`],
      });
    });

    it.each([8, 9])('is refused when classification %p allows none', (hazmat_matrix_id) => {
      expect(errorsOfDetail({ hazmat_matrix_id, packing_group: 'II' })).toEqual({
        [`${PATH}.packing_group`]: [
          `The ${PATH}.packing_group field is prohibited: the selected ${PATH}.hazmat_matrix_id allows no packing group.`,
        ],
      });
    });

    it('may be left out or null when the classification allows none', () => {
      expect(detailOf({ hazmat_matrix_id: 8 })?.packing_group).toBeUndefined();
      expect(detailOf({ hazmat_matrix_id: 8, packing_group: null })?.packing_group).toBeNull();
    });
  });

  describe('compatibility_group', () => {
    it.each([
      [15, 'S'],
      [17, 'G'],
      [18, 'D'],
    ])('is accepted for the Class 1 explosive %p', (hazmat_matrix_id, compatibility_group) => {
      expect(detailOf({ hazmat_matrix_id, compatibility_group })?.compatibility_group).toBe(
        compatibility_group,
      );
    });

    it.each([15, 17])('is required for the Class 1 explosive %p', (hazmat_matrix_id) => {
      expect(errorsOfDetail({ hazmat_matrix_id })).toEqual({
        [`${PATH}.compatibility_group`]: [
          `The ${PATH}.compatibility_group field is required: the selected ${PATH}.hazmat_matrix_id is a Class 1 explosive.`,
        ],
      });
    });

    it.each(['I', 'M', 'Z', 's', 1])('refuses %p, which is no compatibility group', (compatibility_group) => {
      expect(errorsOfDetail({ hazmat_matrix_id: 15, compatibility_group })).toEqual({
        [`${PATH}.compatibility_group`]: [`The selected ${PATH}.compatibility_group is invalid.`],
      });
    });

    it.each([
      [19, 'division 1.5'],
      [20, 'division 1.6'],
      [1, 'class 3'],
      [9, 'division 2.1'],
    ])('is refused for %p (%s), which is not a Class 1 explosive', (hazmat_matrix_id) => {
      const packing_group = hazmat_matrix_id === 1 ? 'II' : undefined;
      expect(errorsOfDetail({ hazmat_matrix_id, packing_group, compatibility_group: 'D' })).toEqual({
        [`${PATH}.compatibility_group`]: [
          `The ${PATH}.compatibility_group field is prohibited: the selected ${PATH}.hazmat_matrix_id is not a Class 1 explosive.`,
        ],
      });
    });

    it.each([19, 20])('is not required for %p (divisions 1.5 and 1.6)', (hazmat_matrix_id) => {
      expect(detailOf({ hazmat_matrix_id })?.compatibility_group).toBeUndefined();
    });
  });

  it('reports the detail of the third item at its index', () => {
    const third = {
      ...freightItem(),
      is_hazmat: true,
      hazmat_detail: { hazmat_matrix_id: 8, packing_group: 'I' },
    };
    const body = {
      ...withDetail({ hazmat_matrix_id: 1, packing_group: 'II' }),
      items: [freightItem(), freightItem(), third],
    };
    expect(Object.keys(errorsOf(FreightOrderRequest, body))).toEqual(['items.2.hazmat_detail.packing_group']);
  });
});
