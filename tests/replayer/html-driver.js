// Opens phh-lsp replay's HTML file in headless Chromium (Playwright) as a user would and checks
// what they would see: no console error, no network request, the table drawn, and the state
// after each step they take with the keyboard and the step buttons.
// env: HTML (the file), CHROMIUM, OUT (screenshots), STEP (the notation to click, e.g. "p1 cbr 23000"),
//      SHOT (the name of the last step's screenshots, default "replay"), WIDTH (default 900)
// Prints one JSON line with what was seen; exit 0 when the page loaded at all.
/* global document, window */
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
  const shot = env.SHOT || 'replay';
  try {
    const page = await browser.newPage({ viewport: { width: Number(env.WIDTH || 900), height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') seen.console.push(message.text());
    });
    page.on('pageerror', (error) => seen.console.push(String(error)));
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) seen.requests.push(request.url());
    });
    await page.goto('file://' + env.HTML, { waitUntil: 'load' });
    const state = async () => page.evaluate(() => {
      const text = (selector) => (document.querySelector(selector) || {}).textContent || null;
      const all = (selector) => Array.from(document.querySelectorAll(selector)).map((node) => node.textContent);
      return {
        svg: !!document.querySelector('svg#phh-table'),
        pot: text('#phh-pot'),
        board: text('#phh-board'),
        action: text('#phh-action'),
        current: all('.phh-steps button[aria-current="step"]').join(' | '),
        focused: document.activeElement ? document.activeElement.textContent : null,
        error: text('.phh-error'),
        result: text('.phh-result'),
        moved: all('.phh-moved'),
        showdown: all('#phh-showdown li'),
        button: !!document.querySelector('#phh-button'),
        bets: all('.phh-bet'),
        seats: Array.from(document.querySelectorAll('#phh-table .phh-seat')).map((seat) => ({
          who: seat.getAttribute('data-player'),
          text: Array.from(seat.querySelectorAll('.phh-name, .phh-stack')).map((n) => n.textContent).join(' '),
          cards: Array.from(seat.querySelectorAll('.phh-svg-card')).map((card) => card.getAttribute('aria-label')),
          hand: seat.getAttribute('data-hand'),
          handLines: Array.from(seat.querySelectorAll('.phh-hand-name')).map((n) => n.textContent),
          strength: (seat.querySelector('.phh-strength') || {}).textContent || null,
          folded: seat.classList.contains('folded'),
          toAct: seat.classList.contains('to-act'),
        })),
      };
    });
    seen.steps.start = await state();
    await page.keyboard.press('ArrowRight');
    seen.steps.right = await state();
    await page.keyboard.press('ArrowDown');
    seen.steps.nextStreet = await state();
    if (env.STEP) {
      await page.locator('.phh-steps button', { hasText: env.STEP }).first().click();
      seen.steps.clicked = await state();
      await page.keyboard.press('ArrowRight');
      seen.steps.clickedThenRight = await state();
      await page.screenshot({ path: path.join(env.OUT, `${shot}-step.png`), fullPage: true });
      await page.keyboard.press('ArrowLeft');
    }
    await page.keyboard.press('End');
    seen.steps.end = await state();
    await page.screenshot({ path: path.join(env.OUT, `${shot}.png`), fullPage: true });
    await page.keyboard.press('ArrowLeft');
    seen.steps.beforeEnd = await state();
    await page.keyboard.press('Home');
    seen.steps.home = await state();
    // the user's dark scheme, and a 400 px wide window, at the last step
    await page.keyboard.press('End');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(env.OUT, `${shot}-dark.png`), fullPage: true });
    await page.setViewportSize({ width: 400, height: 900 });
    await page.waitForTimeout(100); // the view redraws for its new width
    seen.steps.narrow = await state();
    seen.narrowOverflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    await page.screenshot({ path: path.join(env.OUT, `${shot}-400px.png`), fullPage: true });
  } catch (error) {
    seen.console.push('driver: ' + (error && error.stack ? error.stack : error));
  } finally {
    await browser.close().catch(() => {});
  }
  console.log(JSON.stringify(seen));
})();
