import { Module } from '@nestjs/common';

/** Webhook endpoints and signed, retried deliveries. Its handlers arrive with its own issue; the module is wired into both runtimes already. */
@Module({})
export class WebhookModule {}
