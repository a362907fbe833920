// Drives a running code-server (started by commands-check.sh) as a user would, for the
// pictures of the extension's README: opens Dwan-Ivey 2009 (a valid hand, with its inlay hints),
// types "PHH:" in the command palette (every command the extension contributes must be
// listed: OUT/commands.png), then runs "PHH: Show Output" (the PHH output channel with the
// server's start: OUT/show-output.png).
// env: URL, REL_FILE, LOGS_DIR, CHROMIUM, OUT, TITLES (the contributed titles, one a line)
// exit 0 when every title was listed and the output shown, 1 otherwise.
const path = require('path');
const { sleep, waitFor, pick, openWorkbench } = require('./restart-driver.js');

const env = process.env;

(async () => {
  let browser;
  let ok = false;
  try {
    let page;
    ({ browser, page } = await openWorkbench());
    await pick(page, 'Control+P', env.REL_FILE);
    ok = await waitFor('the hand to be shown', async () =>
      (await page.locator('.editor-instance .view-line', { hasText: 'variant' }).count()) > 0, 30);
    await sleep(3000); // the server's inlay hints
    const titles = env.TITLES.split('\n').filter(Boolean);
    await page.keyboard.press('F1');
    await page.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: 15000 });
    await page.keyboard.type('PHH: ');
    let listed = '';
    ok = ok && await waitFor('every PHH command in the palette', async () => {
      listed = await page.$$eval('.quick-input-list .monaco-list-row', (rows) => rows.map((r) => r.innerText).join('\n')).catch(() => '');
      return titles.every((title) => listed.includes(title));
    }, 30);
    await page.screenshot({ path: path.join(env.OUT, 'commands.png') });
    console.log(`[commands-check] ${ok ? 'PASS' : 'FAIL'}: palette lists ${listed.replace(/\n/g, ' | ')}`);
    await page.keyboard.press('Escape');
    await pick(page, 'F1', 'PHH: Show Output');
    const shown = await waitFor('the PHH output channel', async () =>
      (await page.locator('.output-view .view-line', { hasText: 'Starting the server' }).count()) > 0, 30);
    await sleep(500);
    await page.screenshot({ path: path.join(env.OUT, 'show-output.png') });
    console.log(`[commands-check] ${shown ? 'PASS' : 'FAIL'}: PHH: Show Output shows the server's log`);
    ok = ok && shown;
  } catch (error) {
    console.log(`[commands-check] FAIL: ${error && error.stack ? error.stack : error}`);
    ok = false;
  } finally {
    if (browser) await browser.close().catch(() => {});
  }
  process.exit(ok ? 0 : 1);
})();
