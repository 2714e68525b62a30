import { code128Widths } from '@shipping/label-app/src/rendering/code128';
import { barcodeModules } from '@shipping/label-app/src/testing/pdf-barcode';
import type { ShippingClient } from '@shipping/client';
import { batchShipment, UspsMockServer } from '@shipping/testing';
import { PDFDocument } from 'pdf-lib';

export const USPS_CLIENT = { client_id: 'globex-consumer-key', client_secret: 'globex-usps-secret-71c0' };
export const REFUSED_ZIP = '73344';
export const REFUSAL = 'Invalid ZIP Code';
const LABELS = '/labels/v3/label';
/** The gateway's admin key: the live USPS test sets up its shipper and keys with it. */
export const ADMIN_KEY = 'admin-distributed-spec-key-0123456789';
/** What the USPS mock allows and how fast it answers, and the label app's guard set to the same rate. */
const USPS_RATE_PER_SECOND = 40;
const USPS_LATENCY_MS = 150;

/** The USPS mock the label app reaches over HTTP: rate-limited, slow, refusing one ZIP Code. */
export async function startUspsMock(): Promise<UspsMockServer> {
  const usps = await UspsMockServer.start({ clients: [USPS_CLIENT] });
  usps.delay(USPS_LATENCY_MS);
  usps.rateLimit(USPS_RATE_PER_SECOND);
  usps.refuseAddress(REFUSED_ZIP, REFUSAL);
  return usps;
}

/** The label app's environment for the mock: live keys buy from it, test keys from the sandbox. */
export const labelOnUspsMock = (usps: UspsMockServer) => ({
  USPS_API_URL: usps.url,
  USPS_RATE_LIMIT_PER_SECOND: String(USPS_RATE_PER_SECOND),
  USPS_CONCURRENCY: '20',
});

/** A batch's shipments from the key's saved address; every `refusedEvery`th one to the ZIP Code the mock refuses. */
export function liveBatchShipments(addressId: number, size: number, refusedEvery: number) {
  return Array.from({ length: size }, (_, index) => {
    const shipment = { ...batchShipment(index), from_address_id: addressId };
    return index % refusedEvery === refusedEvery - 1
      ? { ...shipment, to_address: { ...shipment.to_address, zip: REFUSED_ZIP } }
      : shipment;
  });
}

export async function createLiveBatch(
  client: ShippingClient,
  shipperId: number,
  shipments: ReturnType<typeof liveBatchShipments>,
): Promise<string> {
  const created = await client.POST('/batches', {
    body: { shipper_id: shipperId, service: 'USPS-1', batch_shipments: shipments },
  });
  if (created.response.status !== 201)
    throw new Error(`batch not created: ${created.response.status} ${JSON.stringify(created.error)}`);
  return created.data!.data.id;
}

/** The label requests USPS answered (a 429 is a refusal to take the request at all). */
export const answeredLabelRequests = (mock: UspsMockServer) =>
  mock.requestsTo('POST', LABELS).filter((request) => request.status !== 429);

export const refusedForRate = (mock: UspsMockServer) =>
  mock.requests.filter((request) => request.status === 429).length;

/** Every page of the merged label files, in file order, read back as Code 128 bar widths. */
export async function mergedPageBarcodes(fileUrls: string[]): Promise<number[][]> {
  const pages: number[][] = [];
  for (const url of fileUrls) {
    const file = await fetch(url);
    if (file.status !== 200) throw new Error(`label file ${url} answered ${file.status}`);
    const document = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()));
    pages.push(...document.getPages().map((page) => barcodeModules(page)));
  }
  return pages;
}

export const barcodesOf = (trackingNumbers: string[]) =>
  trackingNumbers.map((number) => code128Widths(number));
