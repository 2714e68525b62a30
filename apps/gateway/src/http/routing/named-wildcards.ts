import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/** Where a route's path as the controller wrote it is kept (`/labels/*key`), for metrics and spans. */
export const ROUTE_TEMPLATE = 'routeTemplate';

const NAMED_WILDCARD = /\*(\w+)$/;

/**
 * Controllers name their wildcards as Nest writes them (`@Get('*key')`, read with `@Param('key')`);
 * Fastify's router knows only the unnamed `*`. Each such route is registered with `*`, and its
 * match handed to the handler under the name. As before, a wildcard matches at least one character:
 * `/labels/` is no label. Every route keeps its template in its config.
 */
export function serveNamedWildcards(instance: FastifyInstance): void {
  instance.addHook('onRoute', (route) => {
    const template = route.url;
    route.config = { ...route.config, [ROUTE_TEMPLATE]: template } as typeof route.config;
    const wildcard = NAMED_WILDCARD.exec(template);
    if (!wildcard) return;
    const name = wildcard[1];
    route.url = `${template.slice(0, wildcard.index)}*`;
    route.path = route.url;
    const handler = route.handler;
    const named: RouteHandlerMethod = function (request, reply) {
      const { '*': matched, ...params } = request.params as Record<string, string>;
      if (!matched) return reply.callNotFound();
      request.params = { ...params, [name]: matched };
      return handler.call(this, request, reply);
    };
    route.handler = named;
  });
}
