import { validateRequest } from '../../validation';
import { RegisterWebhookRequest, UpdateWebhookRequest } from './register-webhook.request';

const errorsOf = (body: unknown) => {
  const result = validateRequest(RegisterWebhookRequest, body);
  return result.ok ? {} : result.errors;
};

describe('RegisterWebhookRequest', () => {
  it.each([
    ['an https URL', 'https://example.com/hooks'],
    ['an http URL with a port and a query', 'http://127.0.0.1:8080/in?x=1'],
    ['a URL of exactly 2,048 characters', `https://example.com/${'a'.repeat(2048 - 20)}`],
  ])('accepts %s', (_case, url) => {
    expect(validateRequest(RegisterWebhookRequest, { url })).toEqual({ ok: true, value: { url } });
  });

  it('requires the url', () => {
    expect(errorsOf({})).toEqual({ url: ['The url field is required.'] });
    expect(errorsOf({ url: '  ' })).toEqual({ url: ['The url field is required.'] });
  });

  it('refuses a url that is not a string or longer than 2,048 characters', () => {
    expect(errorsOf({ url: 42 })).toEqual({ url: ['The url must be a string.'] });
    expect(errorsOf({ url: `https://example.com/${'a'.repeat(2048)}` })).toEqual({
      url: ['The url must not be greater than 2048 characters.'],
    });
  });

  it.each([
    'example.com/hooks',
    '/hooks',
    'ftp://example.com/x',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://user:pw@example.com/',
    'http://',
  ])('refuses %s as no absolute http(s) URL', (url) => {
    expect(errorsOf({ url })).toEqual({ url: ['The url must be a valid http or https URL.'] });
  });
});

describe('webhook event types', () => {
  const url = 'https://example.com/hooks';

  it('takes a list of known types and no list at all', () => {
    expect(
      validateRequest(RegisterWebhookRequest, { url, events: ['batch.validated', 'batch.completed'] }),
    ).toEqual({
      ok: true,
      value: { url, events: ['batch.validated', 'batch.completed'] },
    });
    expect(validateRequest(RegisterWebhookRequest, { url })).toEqual({ ok: true, value: { url } });
  });

  it('names every unknown type in one message under events', () => {
    expect(errorsOf({ url, events: ['batch.completed', 'order.created', 'x', 'x'] })).toEqual({
      events: [
        'The events field has unknown event types: order.created, x. Known types: shipment.shipped, batch.validated, batch.completed, batch.item_failed.',
      ],
    });
  });

  it('refuses an empty list, a list of non-strings and an overlong list', () => {
    const notTypes = 'The events field must be a non-empty array of event types.';
    expect(errorsOf({ url, events: [] })).toEqual({ events: [notTypes] });
    expect(errorsOf({ url, events: 'batch.completed' })).toEqual({ events: [notTypes] });
    expect(errorsOf({ url, events: [1] })).toEqual({ events: [notTypes] });
    expect(errorsOf({ url, events: Array(17).fill('batch.completed') })).toEqual({
      events: ['The events must not have more than 16 items.'],
    });
  });

  it('lets a change name the url, the types or both, but not neither', () => {
    const changeErrors = (body: unknown) => {
      const result = validateRequest(UpdateWebhookRequest, body);
      return result.ok ? {} : result.errors;
    };
    expect(changeErrors({ events: ['batch.item_failed'] })).toEqual({});
    expect(changeErrors({ url })).toEqual({});
    expect(changeErrors({})).toEqual({ url: ['The url field is required when events is not present.'] });
    expect(changeErrors({ url: 'ftp://x', events: ['nope'] })).toEqual({
      url: ['The url must be a valid http or https URL.'],
      events: [expect.stringContaining('unknown event types: nope.')],
    });
  });
});
