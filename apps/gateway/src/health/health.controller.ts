import { Controller, Get, Inject } from '@nestjs/common';
import { Unavailable } from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';
import { Public } from '../http';

@Controller('health')
export class HealthController {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** Public: answers whether the service and its store respond. */
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
