import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Unavailable } from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';
import { Public } from '../http';
import { ApiRoute } from '../openapi/api-route.decorator';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** Public: answers whether the service and its store respond. */
  @ApiRoute({
    summary: 'Liveness: the service and its store answer',
    isPublic: true,
    success: { status: 200, data: 'Health' },
    errors: [503],
  })
  @Public()
  @Get()
  async health() {
    try {
      await this.sql.query('select 1');
    } catch {
      throw new Unavailable('The store is not answering.');
    }
    return { status: 'ok' };
  }
}
