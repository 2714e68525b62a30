import { enableOpenApiConformance, gatewaysWithoutDocument, takeOpenApiViolations } from '@shipping/testing';

// Every request and answer an e2e or contract spec exchanges through apiClient is checked
// against the document the gateway serves: a violation fails the test that caused it.
enableOpenApiConformance();

afterEach(() => {
  expect(takeOpenApiViolations()).toEqual([]);
});

// A gateway that never served its document (one built in a spec without OpenApiDocument.describe)
// would leave every exchange with it unchecked.
afterAll(() => {
  expect(gatewaysWithoutDocument()).toEqual([]);
});
