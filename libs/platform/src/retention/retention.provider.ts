import type { InjectionToken, Provider } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { CLOCK, type Clock, SystemClock } from '../clock/clock';
import { SQL_CLIENT } from '../tokens';
import { RetentionJob } from './retention-job';
import type { RetentionPolicy } from './retention-policy';

/**
 * The app's RetentionJob on its database, over the policies `policiesOf` names from the providers
 * `inject` lists.
 */
export function retentionJob<D extends unknown[]>(
  inject: InjectionToken[],
  policiesOf: (...dependencies: D) => RetentionPolicy[],
): Provider {
  return {
    provide: RetentionJob,
    inject: [SQL_CLIENT, { token: CLOCK, optional: true }, ...inject],
    useFactory: (sql: SqlClient, clock: Clock | undefined, ...dependencies: unknown[]) =>
      new RetentionJob(sql, clock ?? new SystemClock(), policiesOf(...(dependencies as D))),
  };
}
