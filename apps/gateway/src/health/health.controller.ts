import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Unavailable } from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { READINESS, type Readiness } from '@shipping/platform/observability';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { Public } from '../http';
import { ApiRoute } from '../openapi/api-route.decorator';
import { notReadyMessage, STORE_NOT_ANSWERING_MESSAGE } from './health-messages';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(READINESS) private readonly readiness: Readiness,
  ) {}

  /** Public: answers whether the service and its store respond. */
  @ApiRoute({
    operationId: 'getHealth',
    summary: 'Liveness: the service and its store answer',
    isPublic: true,
    success: { status: 200, data: 'Health' },
    errors: ['storeNotAnswering'],
  })
  @Public()
  @Get()
  async health() {
    try {
      await this.sql.query('select 1');
    } catch {
      throw new Unavailable(STORE_NOT_ANSWERING_MESSAGE);
    }
    return { status: 'ok' };
  }

  /** Kubernetes' liveness: the process runs and answers HTTP. */
  @ApiRoute({
    operationId: 'getLiveness',
    summary: 'Kubernetes liveness: the process answers HTTP',
    isPublic: true,
    success: { status: 200, data: 'Health' },
  })
  @Public()
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /** Kubernetes' readiness: stores and Kafka answer, subscriptions caught up since the start. */
  @ApiRoute({
    operationId: 'getReadiness',
    summary: 'Kubernetes readiness: stores and Kafka answer, subscriptions caught up',
    isPublic: true,
    success: { status: 200, data: 'Health' },
    errors: ['notReady'],
  })
  @Public()
  @Get('ready')
  async ready() {
    const report = await this.readiness.report();
    if (!report.ready) {
      const failing = Object.entries(report.checks).filter(([, state]) => state !== 'ok');
      throw new Unavailable(notReadyMessage(failing.map(([name, state]) => `${name} ${state}`)));
    }
    return { status: 'ok', checks: report.checks };
  }
}
