import { html, nothing, type TemplateResult } from 'lit-html';
import { ApiError } from '../api';

/** What the shell gives a page: the key, a place to render, the live region. */
export interface PageContext {
  apiKey: string;
  show(content: TemplateResult): void;
  announce(message: string): void;
  /** The API refused the key: back to sign-in. */
  keyRefused(): void;
}

export interface PageSpec<T> {
  title: string;
  intro?: string;
  load(signal: AbortSignal): Promise<T>;
  view(data: T, refresh: () => void): TemplateResult;
  /** Delay until the next load, or undefined when nothing can change on its own. */
  pollAfterMs?(data: T): number | undefined;
  /** A sentence for the live region when a new load differs from the one shown. */
  changes?(before: T, after: T): string | undefined;
}

const RETRY_AFTER_ERROR_MS = 5_000;

/** Loads a page, renders it, reloads while it may change; returns a stop function. */
export function runPage<T>(spec: PageSpec<T>, context: PageContext): () => void {
  const aborts = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown: T | undefined;
  let loading = false;

  const show = (body: TemplateResult) =>
    context.show(
      html`<h1 tabindex="-1">${spec.title}</h1>
        ${spec.intro ? html`<p class="intro">${spec.intro}</p>` : nothing} ${body}`,
    );

  const schedule = (delay: number | undefined) => {
    clearTimeout(timer);
    if (delay !== undefined) timer = setTimeout(() => void load(), delay);
  };

  async function load(manual = false): Promise<void> {
    if (loading) return;
    loading = true;
    try {
      const data = await spec.load(aborts.signal);
      // A load that finishes after the user left the page must not paint over the next one.
      if (aborts.signal.aborted) return;
      const change = shown === undefined ? undefined : spec.changes?.(shown, data);
      shown = data;
      show(spec.view(data, refresh));
      if (change) context.announce(change);
      else if (manual) context.announce(`${spec.title}: up to date.`);
      schedule(spec.pollAfterMs?.(data));
    } catch (error) {
      if (aborts.signal.aborted) return;
      if (error instanceof ApiError && error.status === 401) return context.keyRefused();
      show(errorView(error, refresh));
      if (shown !== undefined && spec.pollAfterMs?.(shown) !== undefined) schedule(RETRY_AFTER_ERROR_MS);
    } finally {
      loading = false;
    }
  }

  const refresh = () => void load(true);
  show(html`<p class="loading">Loading…</p>`);
  void load();
  return () => {
    aborts.abort();
    clearTimeout(timer);
  };
}

function errorView(error: unknown, retry: () => void): TemplateResult {
  const message =
    error instanceof ApiError
      ? error.message
      : 'The service could not be reached. Check the connection and try again.';
  return html`<div class="problem" role="alert">
    <p>${message}</p>
    <button type="button" @click=${retry}>Try again</button>
  </div>`;
}
