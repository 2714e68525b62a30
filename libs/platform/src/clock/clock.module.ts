import { Global, Module } from '@nestjs/common';
import { CLOCK, SystemClock } from './clock';

/** The system clock as CLOCK, for every app module of the process; a spec overrides the provider. */
@Global()
@Module({
  providers: [{ provide: CLOCK, useClass: SystemClock }],
  exports: [CLOCK],
})
export class ClockModule {}
