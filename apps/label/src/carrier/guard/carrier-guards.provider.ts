import { Logger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { readCarrierGuardConfig } from './carrier-guard-config';
import { CarrierGuards } from './carrier-guards';
import { openCarrierLimits } from './open-carrier-limits';

/** The process's CarrierGuards, closed with the app. */
export class CarrierGuardsOfApp implements OnApplicationShutdown {
  constructor(
    readonly guards: CarrierGuards,
    private readonly close: () => void,
  ) {}

  onApplicationShutdown(): void {
    this.close();
  }
}

export const carrierGuardsProvider: Provider = {
  provide: CarrierGuardsOfApp,
  useFactory: async () => {
    const logger = new Logger('CarrierLimits');
    const config = readCarrierGuardConfig(process.env);
    const limits = await openCarrierLimits(process.env, {
      info: (message) => logger.log(message),
      warn: (details, message) => logger.warn({ ...details, msg: message }),
    });
    return new CarrierGuardsOfApp(new CarrierGuards(limits.store, config), limits.close);
  },
};
