// Drives a running code-server (started by hover-check.sh) as a user would: opens the hand,
// puts the cursor on the flop (`"d db Jc3d5c"`), shows the hover (Ctrl+K Ctrl+I) until its
// "Who is ahead" section says who is ahead and holds both players' EHS (the server waits a
// bounded time for the numbers, so the first hover should show them), and saves
// OUT/hover.png and OUT/hover.txt; the log says which hover showed them first.
// env: URL, REL_FILE, LOGS_DIR, CHROMIUM, OUT
// exit 0 when the hover showed the numbers, 1 otherwise.
const fs = require('fs');
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
    const flop = page.locator('.editor-instance .view-line', { hasText: 'd db Jc3d5c' }).first();
    ok = await waitFor('the flop line to be shown', async () => (await flop.count()) > 0, 30);
    let text = '';
    let hovers = 0;
    let first = ''; // the first hover the server answered (the extension may still be starting)
    if (ok) {
      ok = await waitFor('the hover to say who is ahead, with both players\' EHS', async () => {
        hovers += 1;
        await page.keyboard.press('Escape');
        const box = await flop.boundingBox();
        if (!box) return false;
        await page.mouse.click(box.x + 40, box.y + box.height / 2); // the cursor on `d db`
        await page.keyboard.press('Control+K');
        await page.keyboard.press('Control+I');
        // the hover may wait for its numbers (the server's STRENGTH_WAIT, 3 s): until it shows
        // (and a loaded machine); VS Code shows "Loading..." meanwhile
        for (let waited = 0; waited < 24; waited += 1) {
          await sleep(500);
          text = await page.$$eval('.monaco-hover', (shown) => shown.map((h) => h.innerText).join('\n')).catch(() => '');
          if (/Flop/.test(text)) break;
        }
        if (!first && /Flop/.test(text)) first = `hover ${hovers}: ${/is ahead: [\d.]+ %/.test(text) ? 'the figures' : 'no figures'}`;
        return /is ahead: [\d.]+ % to win the pot/.test(text) && /p1 Ac2d · EHS/.test(text) && /p3 7h6h · EHS/.test(text);
      }, 60);
    }
    fs.writeFileSync(path.join(env.OUT, 'hover.txt'), text);
    await page.screenshot({ path: path.join(env.OUT, 'hover.png') });
    const lines = text.split('\n').filter((line) => /is ahead|EHS/.test(line));
    console.log(`[hover-check] ${ok ? 'PASS' : 'FAIL'}: hover ${hovers} on the flop: ${lines.join(' | ') || text.slice(-300)}`);
    console.log(`[hover-check] the first hover answered, ${first || 'none'}`);
  } catch (error) {
    console.log(`[hover-check] FAIL: ${error && error.stack ? error.stack : error}`);
    ok = false;
  } finally {
    if (browser) await browser.close().catch(() => {});
  }
  process.exit(ok ? 0 : 1);
})();
