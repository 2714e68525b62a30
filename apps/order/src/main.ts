import 'reflect-metadata';
import { runDistributedApp } from '@shipping/platform';
import { ORDER_ENVIRONMENT } from './order-environment';
import { OrderModule } from './order.module';

runDistributedApp({ name: 'order', module: OrderModule, ...ORDER_ENVIRONMENT });
