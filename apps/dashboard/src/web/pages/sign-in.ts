import { html, nothing } from 'lit-html';

export interface SignInState {
  error?: string;
  busy: boolean;
}

/** The API key is checked against the API before it is kept. */
export function signInView(state: SignInState, submit: (apiKey: string) => void) {
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const apiKey = String(new FormData(event.currentTarget as HTMLFormElement).get('api_key') ?? '').trim();
    submit(apiKey);
  };
  return html`<h1 tabindex="-1">Sign in</h1>
    <p class="intro">
      Sign in with your account's API key to see its open orders, pickup orders and batches.
    </p>
    <form class="sign-in" @submit=${onSubmit}>
      <label for="api-key">API key</label>
      <input
        id="api-key"
        name="api_key"
        type="password"
        autocomplete="off"
        spellcheck="false"
        required
        aria-invalid=${state.error ? 'true' : 'false'}
        aria-describedby=${state.error ? 'key-hint key-error' : 'key-hint'}
      />
      <p id="key-hint" class="hint">
        Kept in this browser tab's session only; it is forgotten when you sign out or close the browser.
      </p>
      ${state.error ? html`<p id="key-error" class="problem" role="alert">${state.error}</p>` : nothing}
      <button type="submit" ?disabled=${state.busy}>${state.busy ? 'Signing in…' : 'Sign in'}</button>
    </form>`;
}
