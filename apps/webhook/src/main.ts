import 'reflect-metadata';
import { DistributedConfig, runDistributedApp } from '@shipping/platform';
import { WebhookModule } from './webhook.module';

runDistributedApp({ name: 'webhook', module: WebhookModule, config: DistributedConfig });
