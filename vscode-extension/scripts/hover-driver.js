// Drives a running code-server (started by hover-check.sh) as a user would: opens the hand,
// puts the cursor on the flop (`"d db Jc3d5c"`), shows the hover (Ctrl+K Ctrl+I) until its
// "Who is ahead" section holds both players' equity and EHS (the numbers are computed in
// the background once the hand is checked), and saves OUT/hover.png and OUT/hover.txt.
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
    if (ok) {
      ok = await waitFor('the hover to show both players\' equity and EHS', async () => {
        await page.keyboard.press('Escape');
        const box = await flop.boundingBox();
        if (!box) return false;
        await page.mouse.click(box.x + 40, box.y + box.height / 2); // the cursor on `d db`
        await page.keyboard.press('Control+K');
        await page.keyboard.press('Control+I');
        await sleep(800);
        text = await page.$$eval('.monaco-hover', (hovers) => hovers.map((h) => h.innerText).join('\n')).catch(() => '');
        return /p1 Ac2d · equity [\d.]+ % · EHS/.test(text) && /p3 7h6h · equity [\d.]+ % · EHS/.test(text);
      }, 60);
    }
    fs.writeFileSync(path.join(env.OUT, 'hover.txt'), text);
    await page.screenshot({ path: path.join(env.OUT, 'hover.png') });
    const lines = text.split('\n').filter((line) => /equity/.test(line));
    console.log(`[hover-check] ${ok ? 'PASS' : 'FAIL'}: the flop's hover: ${lines.join(' | ') || text.slice(-300)}`);
  } catch (error) {
    console.log(`[hover-check] FAIL: ${error && error.stack ? error.stack : error}`);
    ok = false;
  } finally {
    if (browser) await browser.close().catch(() => {});
  }
  process.exit(ok ? 0 : 1);
})();
