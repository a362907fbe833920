// Drives a running code-server (started by restart-check.sh) as a user would, to check what
// the vscode-probe cannot: the "PHH: Restart Server" command and a live settings change.
//   1. open FILE (a hand with an unknown variant) and wait for the error squiggle;
//   2. run "PHH: Restart Server" from the command palette: the PHH output channel must log a
//      second "Starting the server" and the squiggle must come back;
//   3. set phh.diagnostics.severity {"PHH201": "warning"} in the user settings JSON editor and
//      save: the squiggle must turn into a warning, with no reload.
// env: URL, REL_FILE, LOGS_DIR, SETTINGS (the user settings.json), CHROMIUM, OUT
// exit 0 when every step passed, 1 otherwise.
// Its helpers (channelLog, waitFor, pick, openWorkbench) are exported for the other drivers
// (multi-root-driver.js); required, it runs nothing.
const { chromium } = require('playwright-core');
const fs = require('fs');
const path = require('path');

const env = process.env;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// "[restart-check]" for this driver, "[multi-root-check]" for multi-root-driver.js
const tag = `[${path.basename(require.main.filename).replace('-driver.js', '-check')}]`;

function channelLog() {
  const found = [];
  const walk = (dir) => {
    let entries = [];
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === "PHH.log" && p.includes("phh-lsp.phh-lsp")) found.push(fs.readFileSync(p, "utf8"));
    }
  };
  walk(env.LOGS_DIR);
  return found.join('\n');
}
const starts = () => (channelLog().match(/Starting the server/g) || []).length;

async function waitFor(what, test, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await test()) return true;
    await sleep(250);
  }
  console.log(`${tag} FAIL: ${what} (after ${seconds} s)`);
  return false;
}

// Quick Open (Control+P) a file, or run a command from the palette (F1), as typed by a user.
async function pick(page, key, text) {
  await page.keyboard.press(key);
  await page.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: 15000 });
  await page.keyboard.type(text);
  await page.waitForSelector('.quick-input-list .monaco-list-row', { timeout: 20000 });
  await sleep(300);
  await page.keyboard.press('Enter');
}

// Chromium on code-server at env.URL, once the workbench shows the explorer: { browser, page }.
async function openWorkbench() {
  const browser = await chromium.launch({
    executablePath: env.CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(env.URL, { waitUntil: 'domcontentloaded', timeout: 60000 });
  await page.waitForSelector('.monaco-workbench .part.editor', { timeout: 90000 });
  await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60000 }).catch(() => {});
  await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } }).catch(() => {});
  return { browser, page };
}

async function main() {
  let browser;
  let page;
  let ok = true;
  try {
    ({ browser, page } = await openWorkbench());
    await pick(page, 'Control+P', env.REL_FILE);
    const error = '.editor-instance .monaco-editor .squiggly-error';
    const warning = '.editor-instance .monaco-editor .squiggly-warning';
    ok = await waitFor('an error squiggle on the unknown variant', async () => (await page.$(error)) !== null, 60);
    const before = starts();
    console.log(`[restart-check] step 1: error squiggle shown; server started ${before} time(s)`);
    if (ok) {
      await pick(page, 'F1', 'PHH: Restart Server');
      ok = await waitFor('a second "Starting the server" in the PHH output', async () => starts() > before, 30)
        && await waitFor('the error squiggle after the restart', async () => (await page.$(error)) !== null, 30);
      if (ok) console.log(`[restart-check] step 2: PASS restart: server started ${starts()} times, squiggle back`);
    }
    if (ok) {
      // As a user would: edit the user settings JSON in the editor and save it.
      const settings = JSON.parse(fs.readFileSync(env.SETTINGS, 'utf8'));
      settings['phh.diagnostics.severity'] = { PHH201: 'warning' };
      await pick(page, 'F1', 'Preferences: Open User Settings (JSON)');
      await page.waitForSelector('.tabs-container .tab.active[aria-label*="settings.json"]', { timeout: 20000 });
      await sleep(500);
      await page.keyboard.press('Control+A');
      await page.keyboard.insertText(JSON.stringify(settings, null, 1));
      await page.keyboard.press('Control+S');
      await sleep(500);
      // back to the hand: the squiggle there must now be a warning
      await pick(page, 'Control+P', env.REL_FILE);
      ok = await waitFor('the squiggle to become a warning after the settings change', async () =>
        (await page.$(warning)) !== null && (await page.$(error)) === null, 30);
      if (ok) console.log('[restart-check] step 3: PASS settings: PHH201 shown as a warning, no reload');
    }
    await page.screenshot({ path: path.join(env.OUT, 'restart-check.png') });
  } catch (e) {
    console.log(`[restart-check] FAIL: ${e.message}`);
    ok = false;
  }
  if (browser) await browser.close();
  process.exit(ok ? 0 : 1);
}

module.exports = { sleep, channelLog, waitFor, pick, openWorkbench };
if (require.main === module) main();
