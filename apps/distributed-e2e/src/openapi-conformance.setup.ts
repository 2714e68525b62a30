import { enableOpenApiConformance, gatewaysWithoutDocument, takeOpenApiViolations } from '@shipping/testing';

// Every exchange a spec has with a gateway, through testClient or apiClient, is checked against
// the document that gateway serves: a violation fails the test that caused it.
enableOpenApiConformance();

afterEach(() => {
  expect(takeOpenApiViolations()).toEqual([]);
});

// A gateway that never served its document (one built in a spec without OpenApiDocument.describe)
// would leave every exchange with it unchecked.
afterAll(() => {
  expect(gatewaysWithoutDocument()).toEqual([]);
});
