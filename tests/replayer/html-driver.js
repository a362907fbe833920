// Opens phh-lsp replay's HTML file in headless Chromium (Playwright) as a user would and checks
// what they would see: no console error, no network request, the first state, and the state
// after each step they take with the keyboard and the step buttons.
// env: HTML (the file), CHROMIUM, OUT (screenshots), STEP (the notation to click, e.g. "p1 cbr 23000")
// Prints one JSON line with what was seen; exit 0 when the page loaded at all.
const { chromium } = require('playwright-core');
const path = require('path');

const env = process.env;

(async () => {
  const browser = await chromium.launch({
    executablePath: env.CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const seen = { console: [], requests: [], steps: {} };
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') seen.console.push(message.text());
    });
    page.on('pageerror', (error) => seen.console.push(String(error)));
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) seen.requests.push(request.url());
    });
    await page.goto('file://' + env.HTML, { waitUntil: 'load' });
    const state = async () => page.evaluate(() => ({
      pot: document.getElementById('phh-pot') && document.getElementById('phh-pot').textContent,
      board: document.getElementById('phh-board') && document.getElementById('phh-board').textContent,
      action: document.getElementById('phh-action') && document.getElementById('phh-action').textContent,
      current: (document.querySelector('.phh-steps button[aria-current="step"]') || {}).textContent,
      error: (document.querySelector('.phh-error') || {}).textContent || null,
      result: (document.querySelector('.phh-result') || {}).textContent || null,
      seats: Array.from(document.querySelectorAll('.phh-seats tr')).slice(1).map((row) => row.innerText.replace(/\s+/g, ' ').trim()),
    }));
    seen.steps.start = await state();
    await page.keyboard.press('ArrowRight');
    seen.steps.right = await state();
    await page.keyboard.press('ArrowDown');
    seen.steps.nextStreet = await state();
    if (env.STEP) {
      await page.locator('.phh-steps button', { hasText: env.STEP }).first().click();
      seen.steps.clicked = await state();
    }
    await page.keyboard.press('End');
    seen.steps.end = await state();
    await page.screenshot({ path: path.join(env.OUT, 'replay.png'), fullPage: true });
  } catch (error) {
    seen.console.push('driver: ' + (error && error.stack ? error.stack : error));
  } finally {
    await browser.close().catch(() => {});
  }
  console.log(JSON.stringify(seen));
})();
