import { type DynamicModule, Module } from '@nestjs/common';
import { BatchModule } from '@shipping/batch-app';
import { GatewayModule } from '@shipping/gateway-app';
import { LabelModule } from '@shipping/label-app';
import { InProcessMessagingModule } from '@shipping/messaging';
import { OrderModule } from '@shipping/order-app';
import { PickupModule } from '@shipping/pickup-app';
import { WebhookModule } from '@shipping/webhook-app';
import { ClockModule } from '@shipping/platform/clock';
import { kafkaConnectionOf } from '@shipping/platform/config';
import { ObservabilityModule } from '@shipping/platform/observability';
import { PublicEventsModule } from '@shipping/platform/public-events';
import { StorageModule } from '@shipping/platform/storage';
import { EventSubscribersModule } from '@shipping/platform/subscriptions';
import { EMBEDDED_APP_EVENTS } from './embedded-app-events';
import type { EmbeddedConfig } from './embedded-config';

/** Every app module in one process: same handlers, same patterns as the distributed runtime. */
@Module({})
export class EmbeddedModule {
  static forRoot(config: EmbeddedConfig): DynamicModule {
    const publicEvents = config.KAFKA_BROKERS
      ? [
          PublicEventsModule.forRoot({
            app: 'embedded',
            kafka: kafkaConnectionOf(config, config.KAFKA_BROKERS.split(',')),
            partitions: config.KAFKA_PARTITIONS,
            categories: EMBEDDED_APP_EVENTS.published,
          }),
        ]
      : [];
    return {
      module: EmbeddedModule,
      imports: [
        StorageModule.forRoot(config, EMBEDDED_APP_EVENTS.upcasters),
        ClockModule,
        ObservabilityModule.forRoot(),
        EventSubscribersModule.forRoot(),
        InProcessMessagingModule.forRoot(),
        ...publicEvents,
        GatewayModule,
        OrderModule,
        PickupModule,
        BatchModule,
        LabelModule,
        WebhookModule,
      ],
    };
  }
}
