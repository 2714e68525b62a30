import 'reflect-metadata';
import { runDistributedApp } from '@shipping/platform/distributed';
import { ORDER_APP_EVENTS } from './order-app-events';
import { ORDER_ENVIRONMENT } from './order-environment';
import { OrderModule } from './order.module';

runDistributedApp({ name: 'order', module: OrderModule, events: ORDER_APP_EVENTS, ...ORDER_ENVIRONMENT });
