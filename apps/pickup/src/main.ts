import 'reflect-metadata';
import { DistributedConfig, runDistributedApp } from '@shipping/platform';
import { PickupModule } from './pickup.module';

runDistributedApp({ name: 'pickup', module: PickupModule, config: DistributedConfig });
