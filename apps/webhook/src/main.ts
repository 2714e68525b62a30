import 'reflect-metadata';
import { runDistributedApp } from '@shipping/platform/distributed';
import { WEBHOOK_ENVIRONMENT } from './webhook-environment';
import { WebhookModule } from './webhook.module';

runDistributedApp({ name: 'webhook', module: WebhookModule, ...WEBHOOK_ENVIRONMENT });
