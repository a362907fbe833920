// Drives a running code-server (started by multi-root-check.sh) on a multi-root workspace,
// folder-a and folder-b, each with its own phh.diagnostics.severity for PHH208 (the unknown
// field `foo`) in .vscode/settings.json: "error" in folder-a, "off" in folder-b.
//   1. open folder-b's hand, then folder-a's (Quick Open, as a user would); folder-a's must
//      show an error squiggle and no warning;
//   2. the server's last diagnostics for folder-b's hand (the PHH output's verbose trace:
//      pulled by VS Code, or pushed)
//      must hold no PHH208, and its editor no squiggle;
//   3. the Problems panel must list PHH208 as an Error for folder-a's hand and nothing for
//      folder-b's. Screenshot: OUT/multi-root-check.png, the panel as text: OUT/problems.txt.
// env: URL, WORKSPACE (the folder holding folder-a and folder-b), REL_FILE, LOGS_DIR, CHROMIUM, OUT
// exit 0 when every step passed, 1 otherwise.
const fs = require('fs');
const path = require('path');
const { sleep, channelLog, waitFor, pick, openWorkbench } = require('./restart-driver.js');

const env = process.env;
const uriOf = (folder) => `file://${path.join(env.WORKSPACE, folder, env.REL_FILE)}`;

// Every diagnostics report in the verbose trace, in order: [{ uri, diagnostics }]. VS Code
// asks for them (textDocument/diagnostic: a request naming the document, a response holding
// the items, or "unchanged"); a server could also push them (textDocument/publishDiagnostics).
function published() {
  const found = [];
  const prefix = String.raw`(?:\S+ \S+ \[\w+\] )?`;
  const block = String.raw`(\{[\s\S]*?\n\})`;
  const re = new RegExp(String.raw`Received notification 'textDocument\/publishDiagnostics'\.\s*\n${prefix}Params: ${block}`
    + String.raw`|Sending request 'textDocument\/diagnostic - \((\d+)\)'\.\s*\n${prefix}Params: ${block}`
    + String.raw`|Received response 'textDocument\/diagnostic - \((\d+)\)' in \d+ms\.\s*\n${prefix}Result: ${block}`, 'g');
  const asked = new Map(); // request id -> uri
  const last = new Map(); // uri -> diagnostics
  for (const m of channelLog().matchAll(re)) {
    try {
      if (m[1] !== undefined) {
        const pushed = JSON.parse(m[1]);
        found.push(pushed);
        last.set(pushed.uri, pushed.diagnostics);
      } else if (m[2] !== undefined) {
        asked.set(m[2], JSON.parse(m[3]).textDocument.uri);
      } else if (asked.has(m[4])) {
        const uri = asked.get(m[4]);
        const report = JSON.parse(m[5]);
        const diagnostics = report.kind === 'full' ? report.items : last.get(uri) || [];
        found.push({ uri, diagnostics });
        last.set(uri, diagnostics);
      }
    } catch { /* a block still being written */ }
  }
  return found;
}
const lastFor = (folder) => published().filter((p) => p.uri === uriOf(folder)).pop();

// Open a folder's hand: Quick Open matches the folder name in a multi-root workspace; the
// editor's breadcrumbs ("folder-b > unknown-field.phh") say which one became active. Then to
// the end of the file, where `foo = 1` is: the editor renders squiggles on visible lines only
// (a key pressed while the extension activates can be lost: retried until the line shows).
async function open(page, folder) {
  const crumbs = async () => (await page.locator('.editor-group-container.active .monaco-breadcrumbs').first()
    .innerText().catch(() => '')).replace(/\s+/g, ' ');
  // On a loaded machine Quick Open can still list the previous file when Enter is pressed
  // (the other folder's hand): asked again, up to three times.
  let opened = false;
  for (let attempt = 1; attempt <= 3 && !opened; attempt += 1) {
    await page.keyboard.press('Escape');
    await pick(page, 'Control+P', `${folder}/${env.REL_FILE}`);
    opened = await waitFor(`${folder}/${env.REL_FILE} to be the active editor (attempt ${attempt})`,
      async () => (await crumbs()).startsWith(`${folder} `), 10);
  }
  const editor = page.locator('.editor-group-container.active .monaco-editor .view-lines').first();
  return opened && waitFor(`the line \`foo = 1\` of ${folder}'s hand to be shown`, async () => {
    await editor.click({ position: { x: 5, y: 5 } }).catch(() => {});
    await page.keyboard.press('Control+End');
    await sleep(250);
    return (await page.locator('.editor-group-container.active .view-line', { hasText: 'foo = 1' }).count()) > 0;
  }, 10);
}

async function problemRows(page) {
  return page.$$eval('.markers-panel .monaco-list-row', (rs) => rs.map((r) => ({
    level: Number(r.getAttribute('aria-level') || 0),
    aria: r.getAttribute('aria-label') || '',
    text: (r.innerText || '').replace(/\s+/g, ' ').trim(),
    code: ((r.querySelector('.marker-code') || {}).innerText || '').trim(),
  })));
}

(async () => {
  let browser;
  let ok = true;
  const error = '.editor-instance .monaco-editor .squiggly-error';
  const warning = '.editor-instance .monaco-editor .squiggly-warning';
  const anySquiggle = '.editor-instance .monaco-editor [class*="squiggly-"]';
  try {
    let page;
    ({ browser, page } = await openWorkbench());
    ok = await open(page, 'folder-b') && await open(page, 'folder-a')
      && await waitFor('an error squiggle on `foo` in folder-a', async () => (await page.$(error)) !== null, 60)
      && await waitFor('no warning squiggle in folder-a', async () => (await page.$(warning)) === null, 10);
    if (ok) console.log('[multi-root-check] step 1: PASS folder-a: PHH208 shown as an error squiggle');
    if (ok) {
      ok = await waitFor('the server\'s diagnostics for folder-b\'s hand', async () => lastFor('folder-b') !== undefined, 30);
      await sleep(2000); // any later publication (the folder settings arriving) lands too
      const b = lastFor('folder-b');
      const a = lastFor('folder-a');
      const codes = (p) => (p ? p.diagnostics.map((d) => `${d.code}:${d.severity}`).join(',') || 'none' : 'never reported');
      console.log(`[multi-root-check] last reported: folder-a ${codes(a)}; folder-b ${codes(b)} (severity 1 = error)`);
      if (ok && !(b.diagnostics.every((d) => d.code !== 'PHH208')
        && a !== undefined && a.diagnostics.some((d) => d.code === 'PHH208' && d.severity === 1))) {
        console.log('[multi-root-check] FAIL: the server reported PHH208 for folder-b, or not as an error for folder-a');
        ok = false;
      }
      ok = ok && await open(page, 'folder-b')
        && await waitFor('no squiggle in folder-b', async () => (await page.$(anySquiggle)) === null, 10);
      if (ok) console.log('[multi-root-check] step 2: PASS folder-b: no PHH208 reported, no squiggle');
    }
    if (ok) {
      await page.keyboard.press('Control+Shift+M');
      await page.waitForSelector('.markers-panel', { state: 'visible', timeout: 15000 });
      let rows = [];
      const inFolder = (folder) => {
        // a file row ("N problem(s) in file NAME of folder .", shown as "NAMEFOLDER N": the
        // workspace folder is in its text only), then its markers
        let current = null;
        return rows.filter((r) => {
          if (r.level === 1) { current = r.text; return false; }
          return current !== null && current.includes(folder);
        });
      };
      ok = await waitFor('PHH208 as an Error for folder-a in the Problems panel', async () => {
        rows = await problemRows(page);
        return inFolder('folder-a').some((r) => r.aria.startsWith('Error:') && (r.code + r.aria).includes('PHH208'));
      }, 20);
      await sleep(500);
      rows = await problemRows(page);
      fs.writeFileSync(path.join(env.OUT, 'problems.txt'),
        rows.map((r) => (r.level === 1 ? `${r.text}: ` : '  ') + r.aria + (r.code ? `  [code ${r.code}]` : '')).join('\n') + '\n');
      const inB = inFolder('folder-b');
      if (inB.length) {
        console.log(`[multi-root-check] FAIL: the Problems panel lists folder-b: ${inB.map((r) => r.aria).join(' | ')}`);
        ok = false;
      }
      if (ok) console.log('[multi-root-check] step 3: PASS Problems panel: PHH208 an Error in folder-a, nothing in folder-b');
      await open(page, 'folder-a'); // the screenshot: folder-a's squiggle above the panel
      await sleep(500);
    }
    await page.screenshot({ path: path.join(env.OUT, 'multi-root-check.png') });
  } catch (e) {
    console.log(`[multi-root-check] FAIL: ${e.message}`);
    ok = false;
  }
  if (browser) await browser.close();
  process.exit(ok ? 0 : 1);
})();
