// Drives a running code-server (started by completion-check.sh) as a user would: opens the
// hand, puts the cursor at the end of `"p1 cc",` (by keys), presses Enter and types `"`, asks
// for suggestions (Ctrl+Space), moves to the item `p2 cc` and accepts it (Enter), saves (Ctrl+S) and reads the file back from disk: the new line must be
// the whole action with its closing `",` (`  "p2 cc",`), as Neovim inserts it
// (tests/editors/test_neovim_completion.py). Saves OUT/completion.png and OUT/completion.txt.
// env: URL, REL_FILE, FILE (the file on disk), LOGS_DIR, CHROMIUM, OUT
// exit 0 when the accepted line is right, 1 otherwise.
const fs = require('fs');
const path = require('path');
const { sleep, waitFor, pick, openWorkbench } = require('./restart-driver.js');

const env = process.env;
const LABEL = 'p2 cc';
const EXPECTED = '  "p2 cc",';

(async () => {
  let browser;
  let page;
  let ok = false;
  try {
    ({ browser, page } = await openWorkbench());
    await pick(page, 'Control+P', env.REL_FILE);
    const last = page.locator('.editor-instance .view-line', { hasText: '"p1 cc",' }).first();
    ok = await waitFor('the last action to be shown', async () => (await last.count()) > 0, 30);
    let labels = [];
    if (ok) {
      // focus the editor, then to the end of `"p1 cc",` by keys (the file ends `]` and a newline)
      await page.locator('.editor-instance .view-lines').first().click();
      await page.keyboard.press('Control+End');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('"');
      const rows = '.editor-widget.suggest-widget.visible .monaco-list-row';
      ok = await waitFor(`the suggestions to offer ${LABEL}`, async () => {
        if ((await page.$(rows)) === null) await page.keyboard.press('Control+Space');
        await sleep(500);
        labels = await page.$$eval(rows, (found) => found
          .sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')))
          .map((row) => (row.querySelector('.label-name') || row).textContent.trim()));
        return labels.includes(LABEL);
      }, 60);
      console.log(`[completion-check] offered: ${labels.join(' | ')}`);
      if (ok) {
        for (let i = 0; i < labels.indexOf(LABEL); i += 1) await page.keyboard.press('ArrowDown');
        await sleep(300);
        await page.keyboard.press('Enter');
        const accepted = page.locator('.editor-instance .view-line', { hasText: LABEL });
        ok = await waitFor(`${LABEL} in the editor`, async () => (await accepted.count()) > 0, 20);
        let line = '';
        // saved, as the user would; read from disk once the save has landed
        ok = ok && await waitFor('the saved file to hold the accepted line', async () => {
          await page.keyboard.press('Control+S');
          await sleep(1000);
          const lines = fs.readFileSync(env.FILE, 'utf8').split('\n');
          line = lines[lines.indexOf('  "p1 cc",') + 1];
          return line.includes(LABEL);
        }, 30);
        const text = fs.readFileSync(env.FILE, 'utf8');
        fs.writeFileSync(path.join(env.OUT, 'completion.txt'), text);
        ok = ok && line === EXPECTED;
        console.log(`[completion-check] ${ok ? 'PASS' : 'FAIL'}: accepted ${LABEL}; the line reads ${JSON.stringify(line)}`);
      }
    }
    await page.screenshot({ path: path.join(env.OUT, 'completion.png') });
  } catch (error) {
    console.log(`[completion-check] FAIL: ${error && error.stack ? error.stack : error}`);
    ok = false;
  } finally {
    if (browser) await browser.close().catch(() => {});
  }
  process.exit(ok ? 0 : 1);
})();
