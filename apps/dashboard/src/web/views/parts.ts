import { html, nothing, type TemplateResult } from 'lit-html';
import type { Page } from '../api-types';
import { capitalised, percentValue } from '../format';

/** A wide table scrolls inside its own focusable region, so the page never scrolls sideways. */
export const scrollingTable = (captionId: string, table: TemplateResult) =>
  html`<div class="table-scroll" role="region" aria-labelledby=${captionId} tabindex="0">${table}</div>`;

export function pager(label: string, page: Page<unknown>, hrefFor: (page: number) => string) {
  if (page.prev_page_url === null && page.next_page_url === null) return nothing;
  return html`<nav class="pager" aria-label=${label}>
    ${
      page.prev_page_url !== null
        ? html`<a href=${hrefFor(page.current_page - 1)} rel="prev">Previous page</a>`
        : nothing
    }
    <span>Page ${page.current_page}</span>
    ${page.next_page_url !== null ? html`<a href=${hrefFor(page.current_page + 1)} rel="next">Next page</a>` : nothing}
  </nav>`;
}

/** The status as a word; the colour only repeats it. */
export const statusBadge = (status: string) =>
  html`<span class="status status-${status}">${capitalised(status)}</span>`;

export const completion = (percentage: string, label: string) =>
  html`<span class="completion"
    ><progress max="100" .value=${percentValue(percentage)} aria-label=${label}>${percentage}</progress>
    <span class="percent">${percentage}</span></span
  >`;

export const refreshButton = (refresh: () => void) =>
  html`<p class="actions"><button type="button" @click=${refresh}>Refresh</button></p>`;

export const emptyState = (text: string) => html`<p class="empty">${text}</p>`;
