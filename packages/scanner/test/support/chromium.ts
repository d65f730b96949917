/**
 * A headless Chromium for the browser tests, provisioned by the project's own install: Debian's
 * Chromium when the machine has it, otherwise the one inside the `@sparticuz/chromium` devDependency
 * (an ordinary npm package whose compressed binary unpacks into the temporary folder on first use,
 * which the test run removes at its end). So `git clone` and the README's two commands are enough on
 * a machine that has only Node and npm.
 */
import { existsSync } from 'node:fs';
import packagedChromium from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Flags for a closed machine: without the background-networking ones Chromium keeps trying to
 * reach Google's hosts, which this machine's network refuses.
 */
const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedChromium {
  browser: Browser;
  /** Which binary runs, for the test's log: the Debian package's path or the npm package's. */
  source: string;
}

export async function launchChromium(): Promise<LaunchedChromium> {
  if (existsSync(DEBIAN_CHROMIUM)) {
    const browser = await chromium.launch({ executablePath: DEBIAN_CHROMIUM, args: ['--headless', ...QUIET_FLAGS] });
    return { browser, source: `Debian's Chromium (${DEBIAN_CHROMIUM})` };
  }
  // The package's own flags suit its build (headless shell mode, no zygote); ours are added to them.
  const executablePath = await packagedChromium.executablePath();
  const args = [...new Set([...packagedChromium.args, ...QUIET_FLAGS])];
  const browser = await chromium.launch({ executablePath, args });
  return { browser, source: `@sparticuz/chromium (${executablePath})` };
}
