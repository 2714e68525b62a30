import 'reflect-metadata';
import { DistributedConfig, runDistributedApp } from '@shipping/platform';
import { BatchModule } from './batch.module';

runDistributedApp({ name: 'batch', module: BatchModule, config: DistributedConfig });
