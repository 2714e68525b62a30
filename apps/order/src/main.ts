import 'reflect-metadata';
import { DistributedConfig, runDistributedApp } from '@shipping/platform';
import { OrderModule } from './order.module';

runDistributedApp({ name: 'order', module: OrderModule, config: DistributedConfig });
