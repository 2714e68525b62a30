import { Module } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { idempotentRequestsRetention } from '@shipping/platform/idempotency';
import { retentionJob } from '@shipping/platform/retention';
import { messageSecretsProvider, type SecretBox } from '@shipping/platform/secrets';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { CARRIER_PORT } from './carrier/carrier-port';
import { SandboxCarrier } from './carrier/sandbox-carrier';
import { SandboxCarrierSales } from './carrier/sandbox-carrier-sales';
import { CarrierRegistry } from './carrier/carrier-registry';
import { carrierRegistrations, ownUspsRegistration } from './carrier/carrier-registrations';
import { readUspsApiUrl, USPS_API_URL } from './carrier/usps/usps-api-url';
import { CarrierCredentialStore } from './credentials/carrier-credential-store';
import { CarrierCredentialsController } from './credentials/carrier-credentials.controller';
import {
  CARRIER_CREDENTIAL_BOX,
  carrierCredentialBox,
  readCarrierCredentialKeys,
} from './credentials/credential-keys';
import { CredentialResealer } from './credentials/credential-resealer';
import { CredentialVerifier } from './credentials/credential-verifier';
import { CarrierGuardsOfApp, carrierGuardsProvider } from './carrier/guard/carrier-guards.provider';
import { LABEL_FILE_STORE } from './files/label-file-store';
import { openLabelFileStore } from './files/open-label-file-store';
import { labelFileRetention } from './files/label-file-retention';
import { outcomeUnknownRetention } from './purchases/outcome-unknown-retention';
import { carrierPickupsRetention } from './pickups/carrier-pickups-retention';
import { carrierTokensRetention, SqlSharedTokens } from './carrier/tokens/sql-shared-tokens';
import { LABEL_CONFIG, type LabelConfig, labelStoreOf, readLabelConfig } from './label-config';
import { LabelsController } from './labels.controller';
import { LabelMerges } from './merges/label-merges';
import { INTENT_LEASE, LabelPurchaseIntents, readIntentLeaseMs } from './purchases/label-purchase-intents';
import { LabelPurchaseReconciliation } from './purchases/label-purchase-reconciliation';
import { LabelPurchaseStore } from './purchases/label-purchase-store';
import { LabelPurchases } from './purchases/label-purchases';
import { CarrierPickupStore } from './pickups/carrier-pickup-store';
import { CarrierPickups } from './pickups/carrier-pickups';
import { CarrierPickupsController } from './pickups/carrier-pickups.controller';
import { LabelWarmUp } from './workers/label-warm-up';
import { LabelWorkerPool } from './workers/label-worker-pool';

/**
 * Carrier labels bought once per batch item (an intent with the carrier's idempotency key is
 * recorded first), and merged label files (100 a file), kept in the label file store LABEL_STORE
 * chooses: the app's database, or `${DATA_DIR}/labels` on PGlite. PDFs are made on a worker-thread
 * pool; the gateway serves the files at signed URLs. Labels are bought from the adapter the
 * CarrierRegistry picks: CARRIER_PORT (the sandbox carrier) for test keys, USPS with the shipper's
 * stored credentials for live keys on own USPS integrations, and what carrierRegistrations adds. Shippers' carrier credentials are kept sealed under CARRIER_CREDENTIAL_KEYS, arriving
 * sealed under MESSAGE_SECRET_KEYS. Tests override LABEL_CONFIG (label folder, pool size, store), CARRIER_PORT or the registry.
 */
@Module({
  controllers: [LabelsController, CarrierCredentialsController, CarrierPickupsController],
  providers: [
    { provide: LABEL_CONFIG, useFactory: () => readLabelConfig(process.env) },
    {
      provide: LabelWorkerPool,
      inject: [LABEL_CONFIG],
      useFactory: (config: LabelConfig) => new LabelWorkerPool(config.workers),
    },
    {
      provide: CARRIER_PORT,
      inject: [LabelWorkerPool, SQL_CLIENT],
      useFactory: (workers: LabelWorkerPool, sql: SqlClient) =>
        new SandboxCarrier(workers, new SandboxCarrierSales(sql)),
    },
    carrierGuardsProvider,
    CarrierPickupStore,
    CarrierPickups,
    {
      provide: CarrierRegistry,
      inject: [
        CARRIER_PORT,
        CarrierGuardsOfApp,
        CarrierCredentialStore,
        USPS_API_URL,
        SQL_CLIENT,
        CARRIER_CREDENTIAL_BOX,
      ],
      // Every registered adapter is called through its account's guard; the sandbox is not.
      // Tokens are kept for every instance on a database server; a process owning its database
      // (PGlite) is the only instance, and keeps them in memory.
      useFactory: (
        sandbox: CarrierRegistry['sandbox'],
        { guards }: CarrierGuardsOfApp,
        credentials: CarrierCredentialStore,
        uspsApiUrl: string,
        sql: SqlClient,
        box: SecretBox,
      ) =>
        new CarrierRegistry(sandbox, [
          ownUspsRegistration(
            credentials,
            guards,
            uspsApiUrl,
            sandbox,
            process.env,
            sql.ownedByThisProcess ? undefined : new SqlSharedTokens(sql, box),
          ),
          ...carrierRegistrations().map((registration) => guards.guarded(registration)),
        ]),
    },
    {
      provide: LABEL_FILE_STORE,
      inject: [LABEL_CONFIG, SQL_CLIENT],
      useFactory: (config: LabelConfig, sql: SqlClient) => openLabelFileStore(config, sql),
    },
    messageSecretsProvider,
    {
      provide: CARRIER_CREDENTIAL_BOX,
      useFactory: () => carrierCredentialBox(readCarrierCredentialKeys(process.env)),
    },
    { provide: USPS_API_URL, useFactory: () => readUspsApiUrl(process.env) },
    CarrierCredentialStore,
    CredentialResealer,
    CredentialVerifier,
    LabelPurchaseStore,
    { provide: INTENT_LEASE, useFactory: () => readIntentLeaseMs(process.env) },
    LabelPurchaseIntents,
    LabelPurchases,
    LabelPurchaseReconciliation,
    LabelMerges,
    LabelWarmUp,
    retentionJob([LABEL_CONFIG, SQL_CLIENT], (config: LabelConfig, sql: SqlClient) => [
      ...(labelStoreOf(config, sql.ownedByThisProcess === true) === 'database'
        ? [labelFileRetention(config.fileRetentionMs)]
        : []),
      outcomeUnknownRetention(config.outcomeUnknownRetentionMs),
      carrierTokensRetention(),
      carrierPickupsRetention(config.pickupRetentionMs),
      idempotentRequestsRetention(),
    ]),
  ],
})
export class LabelModule {}
