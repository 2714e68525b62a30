import './styles.css';
import { render, type TemplateResult } from 'lit-html';
import { ApiError, apiClient, unwrap } from './api';
import type { AccountSummary } from './api-types';
import { pageSpec } from './pages/page-specs';
import { signInView, type SignInState } from './pages/sign-in';
import { parseRoute } from './routes';
import { session } from './session';
import { layout } from './views/layout';
import { type PageContext, runPage } from './views/page-runner';

const root = document.getElementById('app') as HTMLElement;
// lit-html renders next to what is there: drop the loading note the HTML carries.
root.replaceChildren();
const state: { content?: TemplateResult; live: string; account?: AccountSummary } = { live: '' };
let stopPage: (() => void) | undefined;

function paint(): void {
  render(
    layout({
      route: parseRoute(location.hash),
      apiKey: session.apiKey(),
      account: state.account,
      content: state.content,
      live: state.live,
      signOut,
    }),
    root,
  );
}

function show(content: TemplateResult): void {
  state.content = content;
  paint();
}

function announce(message: string): void {
  state.live = message;
  paint();
  // What a page announces (a batch charged, an item refunded) may have moved the balance.
  const apiKey = session.apiKey();
  if (apiKey) void loadAccount(apiKey);
}

/** The balance in the header of every page: read again whenever a page opens or announces a change. */
async function loadAccount(apiKey: string): Promise<void> {
  try {
    const account: AccountSummary = unwrap(await apiClient(apiKey).GET('/account'));
    if (session.apiKey() !== apiKey) return;
    state.account = account;
    paint();
  } catch {
    // The page itself reports a refused key or an unreachable service.
  }
}

const focusHeading = () => root.querySelector<HTMLElement>('main h1')?.focus();

/** Shows the page of the current hash; keyboard and screen-reader focus follows in-app navigation. */
function openPage(moveFocus: boolean): void {
  stopPage?.();
  stopPage = undefined;
  const apiKey = session.apiKey();
  if (!apiKey) return showSignIn(moveFocus);
  void loadAccount(apiKey);
  const context: PageContext = {
    apiKey,
    show,
    announce,
    keyRefused: () => {
      stopPage?.();
      stopPage = undefined;
      session.signOut();
      state.account = undefined;
      showSignIn(true, 'The API key was not accepted. Sign in again.');
    },
  };
  const spec = pageSpec(parseRoute(location.hash), context);
  document.title = `${spec.title} · Shipping dashboard`;
  stopPage = runPage(spec, context);
  if (moveFocus) focusHeading();
}

function showSignIn(moveFocus: boolean, error?: string): void {
  const draw = (signIn: SignInState) => show(signInView(signIn, submit));
  const submit = async (apiKey: string) => {
    draw({ busy: true });
    try {
      unwrap(await apiClient(apiKey).GET('/orders', { params: { query: { per_page: 1 } } }));
    } catch (failure) {
      const refused = failure instanceof ApiError && failure.status === 401;
      draw({ busy: false, error: refused ? 'That API key was not accepted.' : messageOf(failure) });
      root.querySelector<HTMLElement>('#api-key')?.focus();
      return;
    }
    session.signIn(apiKey);
    announce('Signed in.');
    openPage(true);
  };
  document.title = 'Sign in · Shipping dashboard';
  draw({ busy: false, error });
  if (moveFocus) focusHeading();
}

const messageOf = (failure: unknown) =>
  failure instanceof ApiError
    ? failure.message
    : 'The service could not be reached. Check the connection and try again.';

function signOut(): void {
  session.signOut();
  state.account = undefined;
  announce('Signed out.');
  openPage(true);
}

window.addEventListener('hashchange', () => openPage(true));
openPage(false);
