import { BatchItemsQuery, ValidationFailed } from '@shipping/contracts';
import { Transform } from 'class-transformer';
import Fastify from 'fastify';
import { Valid } from './valid-body.pipe';

const asQuery = { type: 'query' as const };
const query = (values: Record<string, string>) => Object.assign(Object.create(null) as object, values);

describe('Valid pipe on queries', () => {
  it('gives the same validated query for a query seen before, as a copy of its own', () => {
    const pipe = new Valid(BatchItemsQuery);
    const first = pipe.transform(query({ page: '5', status: 'valid' }), asQuery);
    const second = pipe.transform(query({ page: '5', status: 'valid' }), asQuery);

    expect(second).toBeInstanceOf(BatchItemsQuery);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second.toPageRequest()).toEqual({ page: 5, per_page: 100 });
    second.page = 7;
    expect(pipe.transform(query({ page: '5', status: 'valid' }), asQuery).page).toBe(5);
  });

  it('remembers a query as Fastify parses it, so a page read again is validated once', async () => {
    let validations = 0;
    class CountedQuery extends BatchItemsQuery {
      @Transform(({ value }) => {
        validations++;
        return value;
      })
      declare page: number;
    }
    const pipe = new Valid(CountedQuery);
    const parsed = await fastifyQuery('/batches/b?page=5');

    pipe.transform(parsed, asQuery);
    const again = pipe.transform(await fastifyQuery('/batches/b?page=5'), asQuery);

    expect(validations).toBe(1);
    expect(again).toBeInstanceOf(CountedQuery);
    expect(again.toPageRequest()).toEqual({ page: 5, per_page: 100 });
    pipe.transform(await fastifyQuery('/batches/b?page=6'), asQuery);
    expect(validations).toBe(2);
  });

  it('refuses an invalid query every time', () => {
    const pipe = new Valid(BatchItemsQuery);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(() => pipe.transform(query({ page: '0' }), asQuery)).toThrow(ValidationFailed);
    }
  });

  it('validates a query with repeated parameters every time', () => {
    const pipe = new Valid(BatchItemsQuery);
    expect(() => pipe.transform(query({ page: '1' }), asQuery)).not.toThrow();
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(() => pipe.transform(Object.assign(query({}), { page: ['1', '2'] }), asQuery)).toThrow(
        ValidationFailed,
      );
    }
  });

  it('drops unknown parameters from a remembered query too', () => {
    const pipe = new Valid(BatchItemsQuery);
    pipe.transform(query({ page: '2', other: 'x' }), asQuery);
    expect(pipe.transform(query({ page: '2', other: 'x' }), asQuery)).not.toHaveProperty('other');
  });
});

/** The query object Fastify's own parser hands a route for `url`. */
async function fastifyQuery(url: string): Promise<unknown> {
  const app = Fastify();
  let query: unknown;
  app.get('/batches/:id', (request, reply) => {
    query = request.query;
    return reply.send('');
  });
  await app.inject({ method: 'GET', url });
  await app.close();
  return query;
}
