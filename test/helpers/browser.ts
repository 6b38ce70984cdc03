// Debian's Chromium, driven by playwright-core: headless, without network chatter of its own, in a fresh profile
// (user-data-dir). One launch serves every flow of a test file: pages are cheap, launches are not.
import {chromium, type BrowserContext} from 'playwright-core';
import {temporaryDirectory} from './paths.js';

export const chromiumPath = '/usr/bin/chromium';

export async function launchBrowser(): Promise<BrowserContext> {
	return chromium.launchPersistentContext(temporaryDirectory('md-vector-chromium-'), {
		executablePath: chromiumPath,
		headless: true,
		args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
}
