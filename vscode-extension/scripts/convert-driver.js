// Drives a running code-server (started by convert-check.sh) as a user would: opens a
// PokerStars history (a .txt file, so the extension is not active yet), runs "PHH: Convert
// Hand History to PHH" from the command palette with the editor split in two, and waits for
// the converted hand to open beside it (a PHH editor showing `variant = "NT"` and the hand's
// id, its tab `stars.phhs`, still two editor groups) and for the notification that counts
// the broken hand. Saves OUT/convert.png and OUT/convert.txt.
// env: URL, REL_FILE, LOGS_DIR, CHROMIUM, OUT
// exit 0 when both were seen, 1 otherwise.
const fs = require('fs');
const path = require('path');
const { waitFor, pick, openWorkbench } = require('./restart-driver.js');

const env = process.env;

(async () => {
  let browser;
  let ok = false;
  let editors = '';
  let notes = '';
  try {
    let page;
    ({ browser, page } = await openWorkbench());
    await pick(page, 'Control+P', env.REL_FILE);
    ok = await waitFor('the history to be shown', async () =>
      (await page.locator('.editor-instance .view-line', { hasText: 'PokerStars Hand #245817263512' }).count()) > 0, 30);
    if (ok) {
      // Two editor groups already, the history in the right one: the result must reuse the
      // left group, not open a third column.
      await pick(page, 'F1', 'View: Split Editor Right');
      ok = await waitFor('two editor groups', async () => (await page.locator('.editor-group-container').count()) === 2, 30);
    }
    if (ok) {
      await pick(page, 'F1', 'PHH: Convert Hand History to PHH');
      ok = await waitFor('the converted hand beside the history', async () => {
        editors = await page.$$eval('.editor-instance .view-lines', (views) => views.map((v) => v.innerText).join('\n---\n')).catch(() => '');
        editors = editors.replace(/\u00a0/g, ' '); // the editor draws spaces as no-break spaces
        return /variant = "NT"/.test(editors) && /# PokerStars hand #245817263512, stars\.txt line 1/.test(editors);
      }, 90);
      // A toast may be gone or hidden behind the new editor: the notification centre keeps it.
      let opened = false;
      ok = ok && await waitFor('the notification counting the failed hand', async () => {
        notes = await page.$$eval('.notification-list-item', (items) => items.map((i) => i.innerText).join('\n')).catch(() => '');
        if (!/converted 1 of 2 hands \(0 with problems, 1 failed\)/.test(notes) && !opened) {
          opened = true;
          await pick(page, 'F1', 'Notifications: Show Notifications');
          return false;
        }
        return /converted 1 of 2 hands \(0 with problems, 1 failed\)/.test(notes);
      }, 30);
    }
    // Then a history of each other site: the converted hands open as `<name>.phhs` and a
    // new notification gives the summary (read in the notification centre, kept open).
    const sites = [];
    const summaries = async () => (await page.$$eval('.notification-list-item', (items) => items.map((i) => i.innerText.split('\n')[0])).catch(() => []))
      .filter((line) => /converted \d+ of \d+ hands?/.test(line));
    for (const rel of (env.SITE_FILES || '').split('\n').filter(Boolean)) {
      if (!ok) break;
      const name = path.basename(rel);
      const result = `${name.replace(/\.[^.]*$/, '')}.phhs`;
      await pick(page, 'Control+P', rel);
      const shown = await waitFor(`${name} to be shown`, async () =>
        (await page.locator('.tabs-container .tab', { hasText: name }).count()) > 0, 30);
      const before = new Set(await summaries());
      if (shown) await pick(page, 'F1', 'PHH: Convert Hand History to PHH');
      let summary = '';
      const done = shown && await waitFor(`the converted hands of ${name} and their notification`, async () => {
        if ((await page.locator('.tabs-container .tab', { hasText: result }).count()) === 0) return false;
        summary = (await summaries()).find((line) => !before.has(line)) || '';
        if (!summary && !(await page.locator('.notifications-center.visible').count())) {
          await pick(page, 'F1', 'Notifications: Show Notifications');
        }
        return summary !== '';
      }, 90);
      sites.push(`${name}: ${done ? summary : 'FAIL'}`);
      console.log(`[convert-check] site ${name}: ${done ? summary : 'FAIL (no converted tab or no notification)'}`);
    }
    fs.writeFileSync(path.join(env.OUT, 'convert.txt'), `${editors}\n=== notifications ===\n${notes}\n=== sites ===\n${sites.join('\n')}\n`);
    await page.screenshot({ path: path.join(env.OUT, 'convert.png') });
    const groups = await page.locator('.editor-group-container').count();
    // The result is an unsaved document named after the history (stars.phhs), not Untitled-1.
    const tabs = await page.$$eval('.tabs-container .tab', (items) => items.map((t) => t.getAttribute('aria-label') || t.innerText)).catch(() => []);
    const named = tabs.some((label) => /^stars\.phhs\b/.test(label)) && !tabs.some((label) => /Untitled/.test(label));
    ok = ok && groups === 2 && named;
    console.log(`[convert-check] ${ok ? 'PASS' : 'FAIL'}: ${groups} editor groups; tabs: ${tabs.join(' | ')}; notification: ${notes.split('\n').find((line) => /converted/.test(line)) || '(none)'}`);
  } catch (error) {
    console.log(`[convert-check] FAIL: ${error && error.stack ? error.stack : error}`);
    ok = false;
  } finally {
    if (browser) await browser.close().catch(() => {});
  }
  process.exit(ok ? 0 : 1);
})();
