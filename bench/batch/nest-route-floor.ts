/**
 * What the framework alone costs: a Nest app on the gateway's own HTTP adapter
 * (`createGatewayAdapter`) with one route, `GET /batches/:batchId`, that answers the page's bytes and
 * headers from memory: no hooks, guards, interceptors or transport of the gateway's.
 */
import 'reflect-metadata';
import { Controller, Get, Module, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createGatewayAdapter } from '@shipping/gateway-app';
import type { FastifyReply } from 'fastify';
import type { AddressInfo } from 'node:net';
import { type Floor, type Page, serveFloor, startFloor } from './floor-process';

async function listen(page: Page): Promise<number> {
  const bytes = Buffer.from(page.body);
  @Controller()
  class PageController {
    @Get('batches/:batchId')
    page(@Res({ passthrough: true }) reply: FastifyReply): Buffer {
      reply.headers(page.headers);
      return bytes;
    }
  }
  @Module({ controllers: [PageController] })
  class PageModule {}
  const app = await NestFactory.create<NestFastifyApplication>(
    PageModule,
    createGatewayAdapter({ trustProxy: false }),
    {
      logger: false,
    },
  );
  await app.listen(0, '127.0.0.1');
  return (app.getHttpServer().address() as AddressInfo).port;
}

export const startNestRouteFloor = (page: Page): Promise<Floor> => startFloor(__filename, page);

if (require.main === module) serveFloor(listen);
