import 'reflect-metadata';
import { runDistributedApp } from '@shipping/platform/distributed';
import { BATCH_APP_EVENTS } from './batch-app-events';
import { BATCH_ENVIRONMENT } from './batch-environment';
import { BatchModule } from './batch.module';

runDistributedApp({ name: 'batch', module: BatchModule, events: BATCH_APP_EVENTS, ...BATCH_ENVIRONMENT });
