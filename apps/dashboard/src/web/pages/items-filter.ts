import { html } from 'lit-html';
import { ITEM_STATUSES, type ItemStatus } from '../api-types';
import { capitalised } from '../format';
import { type BatchRoute, routeHref } from '../routes';

/** A form with a button rather than a select that navigates on change (WCAG 3.2.2). */
export function itemsFilter(route: BatchRoute) {
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget as HTMLFormElement).get('status');
    const status = ITEM_STATUSES.find((candidate) => candidate === chosen) as ItemStatus | undefined;
    location.hash = routeHref({ ...route, status, page: 1 });
  };
  return html`<form class="filter" @submit=${submit}>
    <label for="item-status">Item status</label>
    <select id="item-status" name="status">
      <option value="" ?selected=${route.status === undefined}>Every status</option>
      ${ITEM_STATUSES.map((status) => html`<option value=${status} ?selected=${route.status === status}>${capitalised(status)}</option>`)}
    </select>
    <button type="submit">Show items</button>
  </form>`;
}
