import { WEBHOOK_DATA_FIELDS, WEBHOOK_EVENTS } from '@shipping/contracts';
import { WEBHOOK_BODY_SCHEMAS, webhookOperations } from './webhook-documents';

describe("the API description's webhooks", () => {
  const operations = webhookOperations();

  it.each(Object.entries(WEBHOOK_EVENTS))('%s: as its row of WEBHOOK_EVENTS says', (type, row) => {
    const post = operations[type].post as {
      description: string;
      requestBody: { content: { 'application/json': { schema: Record<string, unknown> } } };
    };
    expect(post.description).toBe(`${row.sentWhen} Retried until a 2xx answer or the retry schedule ends.`);
    const schema = post.requestBody.content['application/json'].schema;
    if (row.body === 'shipment') expect(schema).toEqual({ $ref: '#/components/schemas/WebhookShipmentBody' });
    else expect(schema).toMatchObject({ properties: { type: { const: type } } });
  });

  it('has one operation per row and no other', () => {
    expect(Object.keys(operations)).toEqual(Object.keys(WEBHOOK_EVENTS));
  });

  it("describes each type's own batch fields from the table", () => {
    const properties = (WEBHOOK_BODY_SCHEMAS.WebhookBatchData as { properties: Record<string, unknown> })
      .properties;
    for (const [field, schema] of Object.entries(WEBHOOK_DATA_FIELDS))
      expect(properties[field]).toEqual(schema);
  });
});
