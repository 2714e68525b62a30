import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  configureGatewayApp,
  createGatewayAdapter,
  OpenApiDocument,
  readGatewayHttpConfig,
} from '@shipping/gateway-app';
import { connectMessageHandlers, createInProcessServer } from '@shipping/messaging';
import {
  checkEnvironment,
  ConfigurationError,
  listenOnConfiguredPort,
  validateConfig,
} from '@shipping/platform/config';
import { stopGracefullyOn, useLeanAsyncResourceBind } from '@shipping/platform/lifecycle';
import { readTracingEnvironment, startTracing } from '@shipping/platform/observability';
import { DataFolderInUse } from '@shipping/platform/storage';
import { Logger } from 'nestjs-pino';
import { EmbeddedConfig } from './embedded-config';
import { SANDBOX_ADMIN_KEY_WARNING, useSandboxAdminKeyIfUnset } from './sandbox-admin-key';
import { EmbeddedModule } from './embedded.module';
import { EMBEDDED_ENVIRONMENT } from './embedded-environment';

async function bootstrap(): Promise<void> {
  useLeanAsyncResourceBind();
  const sandboxAdminKey = useSandboxAdminKeyIfUnset(process.env);
  const warnings = checkEnvironment(
    { ...EMBEDDED_ENVIRONMENT, readers: [...EMBEDDED_ENVIRONMENT.readers, readTracingEnvironment] },
    process.env,
  );
  const config = validateConfig(EmbeddedConfig);
  const tracing = await startTracing('embedded');
  const httpConfig = readGatewayHttpConfig();
  const app = await NestFactory.create<NestFastifyApplication>(
    EmbeddedModule.forRoot(config),
    createGatewayAdapter(httpConfig),
    {
      bodyParser: false,
      bufferLogs: true,
      // A refused start (DATA_DIR in use) is reported below, not by an abort.
      abortOnError: false,
    },
  );
  configureGatewayApp(app, httpConfig);
  OpenApiDocument.describe(app);
  connectMessageHandlers(app, createInProcessServer(app));
  await app.startAllMicroservices();
  if (sandboxAdminKey) app.get(Logger).warn(SANDBOX_ADMIN_KEY_WARNING);
  for (const warning of warnings) app.get(Logger).warn(warning);
  await listenOnConfiguredPort(app, config);
  stopGracefullyOn(['SIGTERM', 'SIGINT'], () => app.close().then(() => tracing.shutdown()));
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigurationError || error instanceof DataFolderInUse) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
