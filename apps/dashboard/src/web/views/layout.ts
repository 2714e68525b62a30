import { html, nothing, type TemplateResult } from 'lit-html';
import type { AccountSummary } from '../api-types';
import { moneyText } from '../format';
import type { Route } from '../routes';

interface LayoutProps {
  route: Route;
  apiKey: string | null;
  /** The signed-in account, once `GET /account` answered. */
  account?: AccountSummary;
  content?: TemplateResult;
  live: string;
  signOut(): void;
}

const SECTIONS = [
  { href: '#/orders', label: 'Open orders', routes: ['orders'] },
  { href: '#/pickups', label: 'Pickup orders', routes: ['pickups'] },
  { href: '#/batches', label: 'Batches', routes: ['batches', 'batch'] },
  { href: '#/webhooks', label: 'Webhooks', routes: ['webhooks'] },
];

const navigation = (route: Route) =>
  html`<nav aria-label="Dashboard">
    <ul>
      ${SECTIONS.map(
        (section) =>
          html`<li>
            <a href=${section.href} aria-current=${section.routes.includes(route.name) ? 'page' : 'false'}
              >${section.label}</a
            >
          </li>`,
      )}
    </ul>
  </nav>`;

const balance = (summary: AccountSummary | undefined) =>
  summary
    ? html`<p class="balance">
        <span class="account-name">${summary.name}</span>
        <span>Balance <strong data-balance>${moneyText(summary.balance)}</strong></span>
      </p>`
    : nothing;

/** Which data the key shows: a test key's orders, batches and webhooks are not a live key's. */
const modeBadge = (summary: AccountSummary | undefined) =>
  summary
    ? html`<strong class="mode-badge mode-${summary.mode}" data-mode=${summary.mode}
        >${summary.mode === 'live' ? 'LIVE' : 'TEST'}<span class="visually-hidden"> mode</span></strong
      >`
    : nothing;

const account = (apiKey: string, summary: AccountSummary | undefined, signOut: () => void) =>
  html`<div class="account">
    ${modeBadge(summary)} ${balance(summary)}
    <span>Key ending in <code>${apiKey.slice(-4)}</code></span>
    <button type="button" @click=${signOut}>Sign out</button>
  </div>`;

/** The live region stays in the document across pages, so what it announces is heard. */
export const layout = ({ route, apiKey, account: summary, content, live, signOut }: LayoutProps) =>
  html`<header class="top">
      <p class="brand">Shipping dashboard</p>
      ${apiKey ? navigation(route) : nothing} ${apiKey ? account(apiKey, summary, signOut) : nothing}
    </header>
    <main id="main">${content ?? nothing}</main>
    <p class="visually-hidden" role="status" aria-live="polite">${live}</p>`;
