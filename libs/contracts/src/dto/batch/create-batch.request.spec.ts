import { errorsOf, parcelOrder, validated, withoutField } from '../request-bodies.fixture';
import { MAX_BATCH_SHIPMENTS } from '@shipping/contracts-core';
import { CreateBatchRequest, isBatchService, MAX_BATCH_SHIPMENT_KILOBYTES } from './create-batch.request';

const createBatch = (shipments: unknown[] = [parcelOrder()]) => ({
  shipper_id: 1,
  service: 'USPS-1',
  batch_shipments: shipments,
});

describe('CreateBatchRequest (POST /batches)', () => {
  describe('given a valid body', () => {
    it('keeps every shipment as the raw object sent, unvalidated and unstripped', () => {
      const raw = { ...parcelOrder(), to_address: { city: 42 }, unknown_field: { kept: true } };
      const request = validated(CreateBatchRequest, createBatch([raw, { anything: 'goes' }]));
      expect(request.batch_shipments).toEqual([raw, { anything: 'goes' }]);
      expect(request.batch_shipments.map((shipment) => Object.getPrototypeOf(shipment))).toEqual([
        Object.prototype,
        Object.prototype,
      ]);
    });

    it(`accepts ${MAX_BATCH_SHIPMENTS} shipments`, () => {
      const shipments = Array.from({ length: MAX_BATCH_SHIPMENTS }, () => ({}));
      expect(validated(CreateBatchRequest, createBatch(shipments)).batch_shipments).toHaveLength(
        MAX_BATCH_SHIPMENTS,
      );
    });
  });

  describe('batch_shipments', () => {
    it('refuses an empty list as missing', () => {
      expect(errorsOf(CreateBatchRequest, createBatch([]))).toEqual({
        batch_shipments: ['The batch_shipments field is required.'],
      });
    });

    it(`refuses ${MAX_BATCH_SHIPMENTS + 1} shipments`, () => {
      const shipments = Array.from({ length: MAX_BATCH_SHIPMENTS + 1 }, () => ({}));
      expect(errorsOf(CreateBatchRequest, createBatch(shipments))).toEqual({
        batch_shipments: ['The batch_shipments must not have more than 1000 items.'],
      });
    });

    it.each([null, 'shipment', 7, [parcelOrder()]])('refuses the element %p at its index', (element) => {
      expect(
        errorsOf(CreateBatchRequest, createBatch([parcelOrder(), parcelOrder(), parcelOrder(), element])),
      ).toEqual({
        'batch_shipments.3': ['The batch_shipments.3 must be an object.'],
      });
    });

    it(`refuses a shipment of more than ${MAX_BATCH_SHIPMENT_KILOBYTES} KB of JSON, counted in UTF-8 bytes, at its index`, () => {
      const sized = (bytes: number) => {
        const shipment = { ...parcelOrder(), note: '' };
        return { ...shipment, note: 'x'.repeat(bytes - Buffer.byteLength(JSON.stringify(shipment))) };
      };
      const limit = MAX_BATCH_SHIPMENT_KILOBYTES * 1024;
      expect(Buffer.byteLength(JSON.stringify(sized(limit)))).toBe(limit);
      expect(validated(CreateBatchRequest, createBatch([sized(limit)])).batch_shipments).toHaveLength(1);
      expect(errorsOf(CreateBatchRequest, createBatch([parcelOrder(), sized(limit + 1)]))).toEqual({
        'batch_shipments.1': [
          `The batch_shipments.1 must not be greater than ${MAX_BATCH_SHIPMENT_KILOBYTES} kilobytes.`,
        ],
      });
      const accented = { ...parcelOrder(), note: 'é'.repeat(limit / 2) };
      expect(Object.keys(errorsOf(CreateBatchRequest, createBatch([accented])))).toEqual([
        'batch_shipments.0',
      ]);
    });

    it.each([{ 0: parcelOrder() }, 'shipments'])('refuses %p as not an array', (value) => {
      expect(errorsOf(CreateBatchRequest, { ...createBatch(), batch_shipments: value })).toEqual({
        batch_shipments: ['The batch_shipments must be an array.'],
      });
    });

    it('refuses text no store can keep inside a shipment', () => {
      expect(errorsOf(CreateBatchRequest, createBatch([{ note: 'a\u0000b' }]))).toEqual({
        'batch_shipments.0.note': [
          'The batch_shipments.0.note must be valid Unicode text without NUL characters.',
        ],
      });
    });
  });

  describe('shipper_id', () => {
    it.each([
      ['1', 'The shipper_id must be an integer.'],
      [1.5, 'The shipper_id must be an integer.'],
      [0, 'The shipper_id must be at least 1.'],
      [2_147_483_648, 'The shipper_id must not be greater than 2147483647.'],
    ])('refuses %p', (shipperId, message) => {
      expect(errorsOf(CreateBatchRequest, { ...createBatch(), shipper_id: shipperId })).toEqual({
        shipper_id: [message],
      });
    });
  });

  describe('service', () => {
    it.each(['USPS-1', 'USPS-3', 'USPS-5'])('accepts the postal service %p', (service) => {
      expect(validated(CreateBatchRequest, { ...createBatch(), service }).service).toBe(service);
    });

    it.each(['USPS-9', 'usps-1', 'FEDEX-1', 'PICKUP-USPS-1', 1])('refuses %p', (service) => {
      expect(errorsOf(CreateBatchRequest, { ...createBatch(), service })).toEqual({
        service: ['The selected service is invalid.'],
      });
    });

    it('knows the postal services only', () => {
      expect(isBatchService('USPS-2')).toBe(true);
      expect(isBatchService('FEDEX-1')).toBe(false);
    });
  });

  it.each(['shipper_id', 'service', 'batch_shipments'])('requires %s', (field) => {
    expect(errorsOf(CreateBatchRequest, withoutField(createBatch(), field))).toEqual({
      [field]: [`The ${field} field is required.`],
    });
  });
});
