import { ValidationError } from 'class-validator';
import { flattenValidationErrors } from './flatten-validation-errors';

const node = (fields: Partial<ValidationError>): ValidationError =>
  Object.assign(new ValidationError(), { children: [], ...fields });

describe('flattenValidationErrors', () => {
  it('joins nested objects and array indexes into dotted paths', () => {
    const tree = [
      node({
        property: 'package_list',
        target: {},
        value: [],
        children: [
          node({
            property: '0',
            target: [],
            value: {},
            children: [
              node({
                property: 'items',
                target: {},
                value: [],
                children: [
                  node({
                    property: '1',
                    target: [],
                    value: {},
                    children: [
                      node({
                        property: 'hs_code',
                        target: {},
                        constraints: { presence: 'The :attribute field is required.' },
                      }),
                    ],
                  }),
                ],
              }),
            ],
          }),
        ],
      }),
    ];
    expect(flattenValidationErrors(tree)).toEqual({
      'package_list.0.items.1.hs_code': ['The package_list.0.items.1.hs_code field is required.'],
    });
  });

  it('keeps every message of a field', () => {
    const tree = [
      node({
        property: 'zip',
        target: {},
        constraints: { a: 'The :attribute is a.', b: 'The :attribute is b.' },
      }),
    ];
    expect(flattenValidationErrors(tree)).toEqual({ zip: ['The zip is a.', 'The zip is b.'] });
  });

  it('reports a list element that is not an object once, at its index, without descending', () => {
    const tree = [
      node({
        property: 'items',
        target: {},
        value: [],
        children: [
          node({
            property: '2',
            target: [],
            value: [[1]],
            children: [node({ property: '0', target: [], value: [1] })],
          }),
        ],
      }),
    ];
    expect(flattenValidationErrors(tree)).toEqual({ 'items.2': ['The items.2 must be an object.'] });
  });

  it('words class-validator’s unknown value error as an object error at the parent path', () => {
    const tree = [
      node({
        property: 'to_address',
        target: {},
        value: {},
        children: [
          node({
            property: undefined,
            constraints: { unknownValue: 'an unknown value was passed to the validate function' },
          }),
        ],
      }),
    ];
    expect(flattenValidationErrors(tree)).toEqual({ to_address: ['The to_address must be an object.'] });
  });

  it('prefixes paths with a parent path', () => {
    const tree = [
      node({ property: 'city', target: {}, constraints: { presence: 'The :attribute field is required.' } }),
    ];
    expect(flattenValidationErrors(tree, 'batch_shipments.3.to_address')).toEqual({
      'batch_shipments.3.to_address.city': ['The batch_shipments.3.to_address.city field is required.'],
    });
  });
});
