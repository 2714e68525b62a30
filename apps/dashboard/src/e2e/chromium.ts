import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, installed by tools/setup-debian-package.sh (the jest global setup runs it). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

// The machine's network is closed: background networking would only flood refused connections.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}
