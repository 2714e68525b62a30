import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ShippingClient } from '@shipping/client';
import {
  apiClient,
  createTestDatabase,
  REPO_ROOT,
  type RuntimeProcess,
  startRuntime,
  type TestDatabase,
  testClient,
  TS_RUNTIME,
} from '@shipping/testing';

const run = promisify(execFile);

export interface AdminRuntime {
  database: TestDatabase;
  runtime: RuntimeProcess;
  /** A raw client of the admin API, under the runtime's admin key, for requests the typed one cannot express. */
  admin: ReturnType<typeof apiClient>;
  /** The typed client of the admin API, under the runtime's admin key. */
  adminClient: ShippingClient;
}

/** The embedded runtime on a PostgreSQL database of its own, its admin API open under `adminKey`. */
export async function startAdminRuntime(
  databaseName: string,
  adminKey: string,
  env: Record<string, string> = {},
): Promise<AdminRuntime> {
  const database = await createTestDatabase(databaseName);
  try {
    const runtime = await startRuntime({
      env: {
        STORE: 'postgres',
        DATABASE_URL: database.url,
        RATE_LIMIT_PER_MINUTE: '0',
        ADMIN_API_KEY: adminKey,
        ...env,
      },
    });
    return {
      database,
      runtime,
      admin: apiClient(runtime.baseUrl, adminKey),
      adminClient: testClient(runtime.baseUrl, adminKey),
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/** A tool of the repository run as a real process: its exit code and what it printed. */
export async function runTool(
  entry: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...TS_RUNTIME, entry, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * An own USPS integration on the account, with the mock's payment account (the CRID, MIDs and
 * EPS account its payment authorization example names) and the given app credentials.
 */
export async function addUspsShipper(
  admin: ShippingClient,
  accountId: string,
  client: { client_id: string; client_secret: string },
) {
  return admin.POST('/admin/accounts/{account_id}/shippers', {
    params: { path: { account_id: accountId } },
    body: {
      carrier: 'usps',
      own_integration: true,
      name: 'Globex USPS',
      credentials: {
        ...client,
        crid: '56982563',
        mid: '904128936',
        manifest_mid: '904128937',
        payment_account_type: 'EPS',
        payment_account_number: '1000405525',
      },
    },
  });
}
