import 'reflect-metadata';
import { runDistributedApp } from '@shipping/platform';
import { BATCH_ENVIRONMENT } from './batch-environment';
import { BatchModule } from './batch.module';

runDistributedApp({ name: 'batch', module: BatchModule, ...BATCH_ENVIRONMENT });
