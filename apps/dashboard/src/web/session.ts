/** The API key lives in sessionStorage: it is gone when the browser session ends. */
const KEY = 'shipping-dashboard.api-key';

export const session = {
  apiKey: (): string | null => sessionStorage.getItem(KEY),
  signIn: (apiKey: string) => sessionStorage.setItem(KEY, apiKey),
  signOut: () => sessionStorage.removeItem(KEY),
};
