import { renderMessage } from './messages';

describe('renderMessage', () => {
  it('puts the full dotted path in place of :attribute', () => {
    expect(renderMessage('The :attribute field is required.', 'to_address.city')).toBe(
      'The to_address.city field is required.',
    );
  });

  it('names a sibling with the path of the field’s parent', () => {
    expect(
      renderMessage(
        'The :attribute must be greater than :sibling(min_temperature).',
        'reefer_details.max_temperature',
      ),
    ).toBe('The reefer_details.max_temperature must be greater than reefer_details.min_temperature.');
  });

  it('names a sibling of a top-level field without a prefix', () => {
    expect(
      renderMessage(
        'The :attribute field is required when :sibling(vehicle_type) is reefer.',
        'reefer_details',
      ),
    ).toBe('The reefer_details field is required when vehicle_type is reefer.');
  });

  it('names the body when there is no path', () => {
    expect(renderMessage('The :attribute must be an object.', '')).toBe('The body must be an object.');
  });
});
