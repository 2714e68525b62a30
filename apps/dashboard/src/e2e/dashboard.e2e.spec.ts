import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  apiClient,
  batchShipment,
  createTestDatabase,
  eventually,
  fedexPickupOrder,
  freightOrder,
  invalidBatchShipment,
  parcelOrder,
  REPO_ROOT,
  type RuntimeProcess,
  startRuntime,
  startWebhookReceiver,
  undeliverableBatchShipment,
} from '@shipping/testing';
import { SANDBOX_ADMIN_API_KEY } from '@shipping/platform/config';
import { moneyText } from '../web/format';
import { launchChromium } from './chromium';
import { DashboardPages } from './dashboard-pages';

/** DASHBOARD_SCREENSHOTS=docs writes a screenshot of each page into that folder of the repository. */
const screenshotsDir =
  process.env['DASHBOARD_SCREENSHOTS'] && join(REPO_ROOT, process.env['DASHBOARD_SCREENSHOTS']);
const BATCH_SIZE = 600;
const UNDELIVERABLE = new Set([41, 377]);

describe('the dashboard in a browser', () => {
  let runtime: RuntimeProcess;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let browser: Browser;
  let acmeBrowser: BrowserContext;
  let dashboard: DashboardPages;
  let acme: ReturnType<typeof apiClient>;
  const acmeOrderIds: number[] = [];
  let acmeBatchId = '';

  const screenshot = async (name: string, { page = dashboard.page, fullPage = true } = {}) => {
    if (!screenshotsDir) return;
    mkdirSync(screenshotsDir, { recursive: true });
    await page.screenshot({ path: join(screenshotsDir, `dashboard-${name}.png`), fullPage });
  };

  beforeAll(async () => {
    database = await createTestDatabase('dashboard_e2e');
    runtime = await startRuntime({
      env: { STORE: 'postgres', DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '0' },
    });
    browser = await launchChromium();
    acmeBrowser = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    acme = apiClient(runtime.baseUrl, 'sk_test_acme');
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop();
    await database?.drop();
  });

  it('is served by the gateway without an API key, under a policy that allows only its own origin', async () => {
    const index = await fetch(`${runtime.baseUrl}/dashboard`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toContain("default-src 'self'");
    const script = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(await index.text())?.[1];
    const asset = await fetch(`${runtime.baseUrl}${script}`);
    expect([asset.status, asset.headers.get('content-type')]).toEqual([
      200,
      'text/javascript; charset=utf-8',
    ]);
    const missing = await fetch(`${runtime.baseUrl}/dashboard/assets/missing.js`);
    expect([missing.status, await missing.json()]).toEqual([404, { success: false, message: 'Not found.' }]);
  });

  it('signs in with an API key kept in the browser session only, and refuses a wrong one', async () => {
    dashboard = await DashboardPages.open(acmeBrowser, runtime.baseUrl);
    await dashboard.heading('Sign in').waitFor();
    await screenshot('sign-in');
    await dashboard.signIn('sk_test_nobody');
    await dashboard.page.getByRole('alert').filter({ hasText: 'That API key was not accepted.' }).waitFor();
    expect(await dashboard.page.evaluate('sessionStorage.length')).toBe(0);

    await dashboard.signIn('sk_test_acme');
    await dashboard.heading('Open orders').waitFor();
    expect(
      await dashboard.page.evaluate('[sessionStorage.length, localStorage.length, document.cookie]'),
    ).toEqual([1, 0, '']);
    expect(await dashboard.page.getByRole('link', { name: 'Open orders' }).getAttribute('aria-current')).toBe(
      'page',
    );

    const anotherSession = await browser.newContext();
    const elsewhere = await DashboardPages.open(anotherSession, runtime.baseUrl);
    await elsewhere.heading('Sign in').waitFor();
    await anotherSession.close();
  });

  it('lists draft orders created through the API on the open-orders page, newest first', async () => {
    for (const [path, body] of [
      ['/freight-orders', freightOrder()],
      ['/parcel-orders', parcelOrder()],
    ] as const) {
      const created = await acme.post(path, body);
      expect(created.status).toBe(201);
      acmeOrderIds.push(created.body.data.shipment_order_id);
    }
    await eventually(async () =>
      (await acme.get('/orders')).body.data.data.length === 2 ? true : undefined,
    );

    await dashboard.page.getByRole('button', { name: 'Refresh' }).click();
    const table = dashboard.table('Open orders 1–2, newest first');
    await table.waitFor();
    const [freightId, parcelId] = acmeOrderIds;
    expect(await table.getByRole('rowheader').allInnerTexts()).toEqual([`#${parcelId}`, `#${freightId}`]);
    expect((await dashboard.cells(dashboard.row(`#${freightId}`))).slice(0, 7)).toEqual([
      'Freight',
      'Draft',
      'New York, NY, US',
      'Mountain View, CA, US',
      '2',
      '701 LBS',
      '2026-12-01',
    ]);
    expect(await dashboard.liveRegion().innerText()).toBe('Open orders: up to date.');
    await screenshot('open-orders');
  });

  it('shows pickup orders with carrier, date, window, pieces, weight and status', async () => {
    const created = await acme.post('/pickup-orders', fedexPickupOrder());
    expect(created.status).toBe(201);
    // The list is a projection: the page shows what it holds when the page loads.
    await eventually(async () =>
      (await acme.get('/pickup-orders')).body.data.data.some(
        (pickup: { id: number }) => pickup.id === created.body.data.id,
      )
        ? true
        : undefined,
    );
    await dashboard.goTo('Pickup orders');
    const row = dashboard.row(`#${created.body.data.id}`);
    await row.waitFor();
    expect((await dashboard.cells(row)).slice(0, 7)).toEqual([
      'FedEx',
      '12-01-2026',
      '09:00–17:30',
      '4',
      '153.7 lbs',
      'Ready',
      '—',
    ]);
    await screenshot('pickup-orders');
  });

  it('follows a batch from processing to completed and opens its merged label file', async () => {
    const invalid = await acme.post('/batches', {
      shipper_id: 1,
      service: 'USPS-2',
      batch_shipments: [batchShipment(0), invalidBatchShipment(1)],
    });
    const shipments = Array.from({ length: BATCH_SIZE }, (_, index) =>
      UNDELIVERABLE.has(index) ? undeliverableBatchShipment(index) : batchShipment(index),
    );
    const created = await acme.post('/batches', {
      shipper_id: 1,
      service: 'USPS-1',
      batch_shipments: shipments,
    });
    expect([invalid.status, created.status]).toEqual([201, 201]);
    acmeBatchId = created.body.data.id;

    await dashboard.goTo('Batches');
    const row = dashboard.row(acmeBatchId);
    await row.getByText('Ready').waitFor({ timeout: 60_000 });
    const shipped = await acme.post(`/batches/${acmeBatchId}/ship`);
    expect(shipped.body.data.status).toBe('processing');

    await dashboard.page.getByRole('button', { name: 'Refresh' }).click();
    await row.getByText(/^(Processing|Completed)$/).waitFor();
    const seen = await watchUntilCompleted(dashboard, acmeBatchId);
    expect(seen[0].status).toBe('Processing');
    expect(seen.at(-1)).toEqual({ status: 'Completed', progress: 100 });
    const progressValues = seen.map((sample) => sample.progress);
    expect(progressValues).toEqual([...progressValues].sort((a, b) => a - b));
    expect((await dashboard.cells(row)).slice(0, 8)).toEqual([
      'Completed',
      'USPS-1',
      '600',
      '0',
      '0',
      '598',
      '2',
      '100%',
    ]);
    await dashboard
      .liveRegion()
      .filter({ hasText: `Batch ${acmeBatchId} is now completed.` })
      .waitFor();
    expect((await dashboard.cells(dashboard.row(invalid.body.data.id))).slice(0, 7)).toEqual([
      'Invalid',
      'USPS-2',
      '2',
      '1',
      '1',
      '0',
      '0',
    ]);
    await screenshot('batches');

    // The header's balance follows the ledger: the charge, less the two refunds.
    const { balance } = (await acme.get('/account')).body.data;
    expect(Number(balance)).toBeLessThan(100_000);
    await dashboard.page
      .locator('header [data-balance]')
      .filter({ hasText: moneyText(balance) })
      .waitFor();

    await row.getByRole('link', { name: acmeBatchId }).click();
    await dashboard.heading(`Batch ${acmeBatchId}`).waitFor();
    expect(await dashboard.balance()).toBe(moneyText(balance));
    const counts = dashboard.page.locator('.counts');
    expect(await counts.innerText()).toMatch(
      /Total\s+600\s+Valid\s+0\s+Invalid\s+0\s+Completed\s+598\s+Failed\s+2/,
    );
    expect(
      await dashboard.page
        .getByRole('progressbar', { name: 'Completion of the batch' })
        .getAttribute('value'),
    ).toBe('100');
    const labelLinks = dashboard.page.getByRole('link', { name: /^Label file \d+ of 6 \(PDF\)$/ });
    expect(await labelLinks.count()).toBe(6);
    await screenshot('batch', { fullPage: false });

    const labelResponse = acmeBrowser.waitForEvent('response', (response) =>
      response.url().includes('/labels/'),
    );
    await labelLinks.first().click();
    const label = await labelResponse;
    expect(label.status()).toBe(200);
    expect(label.headers()['content-type']).toBe('application/pdf');
    for (const tab of acmeBrowser.pages().filter((tab) => tab !== dashboard.page)) await tab.close();
  });

  it('filters and pages the items of a batch', async () => {
    await dashboard.table('Items 1–50, every status').waitFor();
    await dashboard.page
      .getByRole('navigation', { name: 'Items pages' })
      .getByRole('link', { name: 'Next page' })
      .click();
    await dashboard.table('Items 51–100, every status').waitFor();

    await dashboard.page.getByLabel('Item status').selectOption('failed');
    await dashboard.page.getByRole('button', { name: 'Show items' }).click();
    const failed = dashboard.table('Items 1–2, status failed');
    await failed.waitFor();
    const statuses = await failed
      .getByRole('row')
      .filter({ has: dashboard.page.getByRole('rowheader') })
      .allInnerTexts();
    expect(statuses.map((text) => /Failed/.test(text))).toEqual([true, true]);
    expect(dashboard.page.url()).toMatch(/#\/batches\/\w+\?status=failed$/);
  });

  it('lists the webhooks with their event types and latest deliveries with their outcome', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const typed = await acme.post('/webhooks', {
        url: receiver.url,
        events: ['batch.validated', 'batch.completed'],
      });
      // Nothing listens on port 9: its delivery fails and waits for a retry.
      const untyped = await acme.post('/webhooks', { url: 'http://127.0.0.1:9/hooks' });
      const batch = await acme.post('/batches', {
        shipper_id: 1,
        service: 'USPS-2',
        batch_shipments: [batchShipment(0)],
      });
      await eventually(async () =>
        (await acme.get(`/batches/${batch.body.data.id}`)).body.data.status === 'ready' ? true : undefined,
      );
      await acme.post(`/batches/${batch.body.data.id}/ship`);
      const deliveriesOf = async (id: number) =>
        (await acme.get(`/webhooks/${id}/deliveries`)).body.data.data;
      await eventually(async () => {
        const [toTyped, toUntyped] = await Promise.all([
          deliveriesOf(typed.body.data.id),
          deliveriesOf(untyped.body.data.id),
        ]);
        const settled =
          toTyped.length === 2 &&
          toTyped.every((delivery: { status: string }) => delivery.status === 'delivered') &&
          toUntyped.length === 1 &&
          toUntyped[0].attempt_count > 0;
        return settled ? true : undefined;
      }, 60_000);

      await dashboard.goTo('Webhooks');
      const typedSection = dashboard.page.getByRole('region', { name: `Webhook #${typed.body.data.id}` });
      expect(await typedSection.locator('dl').innerText()).toMatch(
        new RegExp(`URL\\s+${receiver.url}\\s+Event types\\s+batch.validated, batch.completed`),
      );
      const typedRows = dashboard
        .table(`Latest deliveries to webhook #${typed.body.data.id}, newest first`)
        .getByRole('row')
        .filter({ has: dashboard.page.getByRole('rowheader') });
      expect(
        (await typedRows.evaluateAll((rows) =>
          rows.map((row) =>
            [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent?.trim()),
          ),
        )) as string[][],
      ).toEqual([
        ['batch.completed', 'Delivered', '1', 'HTTP 204'],
        ['batch.validated', 'Delivered', '1', 'HTTP 204'],
      ]);
      const untypedSection = dashboard.page.getByRole('region', { name: `Webhook #${untyped.body.data.id}` });
      expect(await untypedSection.locator('dl').innerText()).toContain('shipment.shipped');
      const failedRow = dashboard
        .table(`Latest deliveries to webhook #${untyped.body.data.id}, newest first`)
        .getByRole('row')
        .filter({ has: dashboard.page.getByRole('rowheader') });
      const [eventType, status, , outcome] = await dashboard.cells(failedRow);
      expect([eventType, status, outcome]).toEqual([
        'shipment.shipped',
        'Pending',
        expect.stringContaining('ECONNREFUSED'),
      ]);
      await screenshot('webhooks');
    } finally {
      await receiver.close();
    }
  });

  it('can be used with the keyboard alone: links and buttons, focus moves to the new page', async () => {
    await dashboard.page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Open orders' })
      .focus();
    await dashboard.page.keyboard.press('Enter');
    await dashboard.heading('Open orders').waitFor();
    expect(await dashboard.page.evaluate('document.activeElement.textContent')).toBe('Open orders');
    await dashboard.page.getByRole('button', { name: 'Sign out' }).focus();
    await dashboard.page.keyboard.press('Enter');
    await dashboard.heading('Sign in').waitFor();
    expect(await dashboard.page.evaluate('sessionStorage.length')).toBe(0);
  });

  it('shows another account none of it, and reads at phone width without sideways scrolling', async () => {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const tiny = await DashboardPages.open(phone, runtime.baseUrl);
    await tiny.signIn('sk_test_tiny');
    await tiny.heading('Open orders').waitFor();
    await tiny.page.getByText('No open orders yet.').waitFor();
    expect(await tiny.balance()).toBe('$5.00');
    for (const id of acmeOrderIds) expect(await tiny.page.getByText(`#${id}`).count()).toBe(0);
    expect(await tiny.horizontalOverflow()).toBe(0);
    await tiny.goTo('Pickup orders');
    await tiny.page.getByText('No pickup orders yet.').waitFor();
    expect(await tiny.balance()).toBe('$5.00');
    await tiny.goTo('Batches');
    await tiny.page.getByText('No batches yet.').waitFor();
    expect(await tiny.balance()).toBe('$5.00');
    expect(await tiny.horizontalOverflow()).toBe(0);
    await tiny.page.goto(`${runtime.baseUrl}/dashboard#/batches/${acmeBatchId}`);
    await tiny.page.getByRole('alert').filter({ hasText: 'Batch not found.' }).waitFor();
    await phone.close();

    const acmePhone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const acmeOnPhone = await DashboardPages.open(acmePhone, runtime.baseUrl, `#/batches/${acmeBatchId}`);
    await acmeOnPhone.signIn('sk_test_acme');
    await acmeOnPhone.heading(`Batch ${acmeBatchId}`).waitFor();
    await acmeOnPhone.table('Items 1–50, every status').waitFor();
    expect(await acmeOnPhone.horizontalOverflow()).toBe(0);
    await screenshot('batch-phone', { page: acmeOnPhone.page, fullPage: false });
    await acmePhone.close();
  });

  it("shows the key's mode as a TEST or LIVE badge, and a live key none of the test key's orders", async () => {
    const testSession = await browser.newContext();
    const testDashboard = await DashboardPages.open(testSession, runtime.baseUrl);
    await testDashboard.signIn('sk_test_acme');
    await testDashboard.heading('Open orders').waitFor();
    expect(await testDashboard.modeBadge()).toBe('TEST mode');
    for (const id of acmeOrderIds) await testDashboard.page.getByText(`#${id}`).waitFor();
    await testSession.close();

    const admin = apiClient(runtime.baseUrl, SANDBOX_ADMIN_API_KEY);
    const issued = await admin.post('/admin/accounts/acct_acme/api-keys', { mode: 'live' });
    expect(issued.status).toBe(201);
    const liveSession = await browser.newContext();
    const liveDashboard = await DashboardPages.open(liveSession, runtime.baseUrl);
    await liveDashboard.signIn(issued.body.data.key);
    await liveDashboard.heading('Open orders').waitFor();
    expect(await liveDashboard.modeBadge()).toBe('LIVE mode');
    await liveDashboard.page.getByText('No open orders yet.').waitFor();
    for (const id of acmeOrderIds) expect(await liveDashboard.page.getByText(`#${id}`).count()).toBe(0);
    await liveSession.close();
  });
});

/** Samples the batch's row while the page updates itself, until it shows the batch completed. */
async function watchUntilCompleted(dashboard: DashboardPages, batchId: string, timeoutMs = 90_000) {
  const row = dashboard.row(batchId);
  const samples: { status: string; progress: number }[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = (await dashboard.cells(row))[0];
    const progress = Number(await row.getByRole('progressbar').getAttribute('value'));
    if (samples.at(-1)?.status !== status || samples.at(-1)?.progress !== progress)
      samples.push({ status, progress });
    if (status === 'Completed') return samples;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`batch ${batchId} not shown completed within ${timeoutMs} ms: ${JSON.stringify(samples)}`);
}
