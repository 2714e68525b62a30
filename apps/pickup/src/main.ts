import 'reflect-metadata';
import { runDistributedApp } from '@shipping/platform/distributed';
import { PICKUP_APP_EVENTS } from './pickup-app-events';
import { PICKUP_ENVIRONMENT } from './pickup-environment';
import { PickupModule } from './pickup.module';

runDistributedApp({ name: 'pickup', module: PickupModule, events: PICKUP_APP_EVENTS, ...PICKUP_ENVIRONMENT });
