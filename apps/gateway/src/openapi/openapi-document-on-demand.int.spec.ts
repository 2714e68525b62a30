import { SwaggerModule } from '@nestjs/swagger';
import { OpenApiDocument } from './openapi-document';
import { createGatewayDocumentApp } from './testing/gateway-document-app';

describe('OpenApiDocument', () => {
  let gateway: Awaited<ReturnType<typeof createGatewayDocumentApp>>;
  let build: jest.SpyInstance;

  beforeAll(async () => {
    gateway = await createGatewayDocumentApp();
  });

  afterAll(() => gateway.close());

  beforeEach(() => {
    build = jest.spyOn(SwaggerModule, 'createDocument');
  });

  afterEach(() => build.mockRestore());

  it('has no document for an app it was never told of', () => {
    expect(gateway.app.get(OpenApiDocument).get()).toBeUndefined();
    expect(build).not.toHaveBeenCalled();
  });

  it('builds the document when it is first asked for, not when told of the app, and once', () => {
    OpenApiDocument.describe(gateway.app);
    expect(build).not.toHaveBeenCalled();
    const first = gateway.app.get(OpenApiDocument).get();
    expect(first?.openapi).toBe('3.1.0');
    expect(gateway.app.get(OpenApiDocument).get()).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
