import { Injectable, type INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, type SchemaObject, SwaggerModule } from '@nestjs/swagger';
import { API_VERSION_HEADER, CURRENT_API_VERSION } from '../http/versioning/api-version';
import { ENVELOPE_SCHEMAS } from './envelope-schemas';
import { ADMIN_SECURITY } from './api-route.decorator';
import { alternativeModels, applyFieldSchemas } from './field-properties';
import { describeConventions } from './document-conventions';
import { describeNullableFields } from './nullable-fields';
import { RESPONSE_HEADERS } from './response-headers';
import { RESPONSE_SCHEMAS } from './response-schemas';
import { WEBHOOK_BODY_SCHEMAS, webhookOperations } from './webhook-documents';

const DESCRIPTION =
  'Draft freight and parcel orders, pickup orders and rates, instant ship and parcel batches. ' +
  'Every answer is an envelope: `{"success": true, "data": ...}` or `{"success": false, "message": ...}`. ' +
  'Instant ship and batches are in a beta state, as the interface marks them. ' +
  'The sandbox keys are `sk_test_acme` and `sk_test_tiny`. ' +
  `A request may pin a dated version with the \`${API_VERSION_HEADER}\` header; every answer names the ` +
  'version that served it in the same header, and this document describes the current one.';

/** Every tag an operation carries, with what it groups. */
const TAGS: [string, string][] = [
  ['Orders', 'Draft freight and parcel orders, the open-orders list, and instant ship (beta).'],
  ['Pickups', 'Pickup orders and the price of a pickup.'],
  ['Batches', 'Batches of up to 1,000 parcel shipments (beta): create, ship, read, and their history.'],
  ['Labels', 'Label PDFs at the signed links the answers give; no API key.'],
  ['Webhooks', 'Webhook endpoints, their deliveries, and the events the service posts to them.'],
  ['Accounts', "The caller's account, credit ledger, shippers and saved addresses."],
  ['Health', 'Liveness and readiness, without a key.'],
  ['Audit', 'The public keys that sign audit checkpoints, without a key.'],
  ['admin', 'The operator API under /admin, opened by the admin key only.'],
];

/** The OpenAPI 3.1 document of the app's HTTP routes, read from their decorators and DTO classes. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  applyFieldSchemas();
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Shipping orders')
    .setDescription(DESCRIPTION)
    .setVersion(CURRENT_API_VERSION)
    .setContact('Shipping orders API', 'https://shipping.example/docs', 'api@shipping.example')
    .setLicense('Proprietary (UNLICENSED)', 'https://shipping.example/terms')
    .addServer('http://127.0.0.1:3000', 'The service started locally (`npm start`, PORT 3000)')
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
    );
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const document = SwaggerModule.createDocument(app, builder.build(), { extraModels: alternativeModels() });
  describeNullableFields(document);
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      ...(RESPONSE_SCHEMAS as Record<string, SchemaObject>),
      ...(ENVELOPE_SCHEMAS as Record<string, SchemaObject>),
      ...(WEBHOOK_BODY_SCHEMAS as Record<string, SchemaObject>),
    },
    headers: RESPONSE_HEADERS as never,
  };
  (document as { webhooks?: unknown }).webhooks = webhookOperations();
  describeConventions(document);
  return document;
}

/**
 * Holds the app whose document the routes serve, and builds the document when it is first asked
 * for: built at every start, it cost 0.1 to 0.2 of a start's 2.5 CPU seconds (decision 138).
 */
@Injectable()
export class OpenApiDocument {
  private app?: INestApplication;
  private document?: OpenAPIObject;

  static describe(app: INestApplication): void {
    app.get(OpenApiDocument).app = app;
  }

  /** Undefined until `describe` named the app. */
  get(): OpenAPIObject | undefined {
    if (!this.document && this.app) this.document = createOpenApiDocument(this.app);
    return this.document;
  }
}
