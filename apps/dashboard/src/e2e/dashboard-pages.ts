import type { BrowserContext, Locator, Page } from 'playwright-core';

/** The dashboard as a signed-in user sees it, by roles and names (what assistive technology sees). */
export class DashboardPages {
  constructor(readonly page: Page) {}

  static async open(context: BrowserContext, baseUrl: string, hash = ''): Promise<DashboardPages> {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard${hash}`);
    return new DashboardPages(page);
  }

  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  async signIn(apiKey: string): Promise<void> {
    await this.heading('Sign in').waitFor();
    await this.page.getByLabel('API key').fill(apiKey);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async goTo(section: 'Open orders' | 'Pickup orders' | 'Batches' | 'Webhooks'): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: section })
      .click();
    await this.heading(section).waitFor();
  }

  table(caption: string | RegExp): Locator {
    return this.page.getByRole('table', { name: caption });
  }

  /** The table row whose header cell is exactly `header`. */
  row(header: string): Locator {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: header, exact: true }) });
  }

  async cells(row: Locator): Promise<string[]> {
    return (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
  }

  /** The credit balance the header shows on every page, as text (`$100,000.00`). */
  async balance(): Promise<string> {
    const shown = this.page.locator('header [data-balance]');
    await shown.waitFor();
    return (await shown.innerText()).trim();
  }

  /** The mode badge of the header, as a screen reader reads it (`TEST mode`, `LIVE mode`). */
  async modeBadge(): Promise<string> {
    const badge = this.page.locator('header [data-mode]');
    await badge.waitFor();
    return (await badge.textContent())?.trim() ?? '';
  }

  liveRegion(): Locator {
    return this.page.getByRole('status');
  }

  async horizontalOverflow(): Promise<number> {
    const [scrollWidth, viewportWidth] = (await this.page.evaluate(
      '[document.documentElement.scrollWidth, window.innerWidth]',
    )) as [number, number];
    return scrollWidth - viewportWidth;
  }
}
