import { Injectable, type INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { API_VERSION_HEADER, CURRENT_API_VERSION } from '../http/versioning/api-version';
import { ENVELOPE_SCHEMAS } from './envelope-schemas';
import { ADMIN_SECURITY } from './api-route.decorator';
import { applyFieldSchemas } from './field-properties';
import { RESPONSE_SCHEMAS } from './response-schemas';

const DESCRIPTION =
  'Draft freight and parcel orders, pickup orders and rates, instant ship and parcel batches. ' +
  'Every answer is an envelope: `{"success": true, "data": ...}` or `{"success": false, "message": ...}`. ' +
  'The sandbox keys are `sk_test_acme` and `sk_test_tiny`. ' +
  `A request may pin a dated version with the \`${API_VERSION_HEADER}\` header; every answer names the ` +
  'version that served it in the same header, and this document describes the current one.';

/** The OpenAPI 3.1 document of the app's HTTP routes, read from their decorators and DTO classes. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  applyFieldSchemas();
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Shipping orders')
    .setDescription(DESCRIPTION)
    .setVersion(CURRENT_API_VERSION)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An API key, e.g. `sk_test_acme`.' })
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description:
          'The admin key (`ADMIN_API_KEY`; `sk_admin_sandbox_embedded` in the embedded runtime). ' +
          'API keys do not open the admin API.',
      },
      ADMIN_SECURITY,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) =>
      `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      ...(RESPONSE_SCHEMAS as Record<string, SchemaObject>),
      ...(ENVELOPE_SCHEMAS as Record<string, SchemaObject>),
    },
  };
  return document;
}

/** Holds the document built at start-up, for the routes that serve it. */
@Injectable()
export class OpenApiDocument {
  private document?: OpenAPIObject;

  static describe(app: INestApplication): OpenAPIObject {
    const document = createOpenApiDocument(app);
    app.get(OpenApiDocument).document = document;
    return document;
  }

  get(): OpenAPIObject | undefined {
    return this.document;
  }
}
