import { validateRequest } from '../../validation';
import { RegisterWebhookRequest } from './register-webhook.request';

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
