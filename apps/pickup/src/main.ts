import 'reflect-metadata';
import { runDistributedApp } from '@shipping/platform';
import { PICKUP_ENVIRONMENT } from './pickup-environment';
import { PickupModule } from './pickup.module';

runDistributedApp({ name: 'pickup', module: PickupModule, ...PICKUP_ENVIRONMENT });
