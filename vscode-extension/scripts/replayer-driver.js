// Drives a running code-server (started by replayer-check.sh) as a user would:
//   1. open Dwan-Ivey 2009, put the cursor on `p1 cbr 23000` (Go to Line), run "PHH: Open
//      Replayer": the view beside must show the pot 33,500 with that step current;
//   2. move the cursor to the flop: the view must follow (board J 3 5, step `d db Jc3d5c`);
//      then to column 1 of the next action's line: the view shows that action (`p1 cbr 35000`);
//   3. click the step `p3 cbr 7000` in the view, then press the right arrow there: the
//      editor's cursor must move to each action's line (its active line number);
//   4. type a mistake (`p2 f` becomes `p3 f`, out of turn): the view must keep the last
//      good state and name the error; undo;
//   5. in the view, End: the table (an SVG with 3 seats) keeps both hands shown and names them,
//      the result says who won; back to the all-in call: the uncalled 572,100 is told; Home and
//      the right arrow; exactly one step selected throughout (step 3 too);
//   6. screenshot the view on a stud, a draw and an Omaha hi/lo hand (SHOTS: FILE:LINE:COL ...).
// env: URL, LOGS_DIR, CHROMIUM, OUT, DWAN, RAISE (FILE:LINE:COL), FLOP_LINE, SHOTS
// Saves OUT/replayer.png, OUT/replayer-<name>.png and OUT/replayer.txt; exit 0 when every
// step passed, 1 otherwise.
/* global document -- the functions passed to frame.evaluate() run in the view, not in Node */
const fs = require('fs');
const path = require('path');
const { sleep, waitFor, pick, openWorkbench } = require('./restart-driver.js');

const env = process.env;
const log = [];
const say = (line) => { console.log(`[replayer-check] ${line}`); log.push(line); };

async function goTo(page, where) {
  const [, line, column] = where.split(':');
  await page.keyboard.press('Control+G');
  await sleep(400);
  await page.keyboard.type(`${line}:${column}`);
  await sleep(200);
  await page.keyboard.press('Enter');
  await sleep(200);
}

async function view(page) {
  for (const frame of page.frames()) {
    if (await frame.$('#phh-replayer').catch(() => null)) return frame;
  }
  return null;
}

async function seen(page) {
  const frame = await view(page);
  if (!frame) return null;
  return frame.evaluate(() => ({
    title: (document.querySelector('#phh-replayer h1') || {}).textContent || '',
    pot: (document.getElementById('phh-pot') || {}).textContent || '',
    board: (document.getElementById('phh-board') || {}).textContent || '',
    action: (document.getElementById('phh-action') || {}).textContent || '',
    current: (document.querySelector('.phh-steps button[aria-current="step"]') || {}).textContent || '',
    selected: document.querySelectorAll('.phh-steps button[aria-current="step"]').length,
    focused: document.activeElement && document.activeElement.closest('.phh-steps') ? document.activeElement.textContent : null,
    error: (document.querySelector('.phh-error') || {}).textContent || '',
    seats: document.querySelectorAll('svg#phh-table .phh-seat').length,
    hands: Array.from(document.querySelectorAll('svg#phh-table .phh-seat[data-hand]')).map((n) => n.getAttribute('data-hand')),
    handLines: Array.from(document.querySelectorAll('svg#phh-table .phh-hand-name')).map((n) => n.textContent),
    shown: Array.from(document.querySelectorAll('svg#phh-table .phh-seat'))
      .map((seat) => seat.querySelectorAll('.phh-svg-card').length),
    moved: Array.from(document.querySelectorAll('.phh-moved')).map((n) => n.textContent),
    result: (document.querySelector('.phh-result') || {}).textContent || '',
  })).catch(() => null);
}

// The editor's cursor line: its active line number (the status bar's "Ln" is hidden while
// the view has the focus).
async function cursorLine(page) {
  const numbers = await page.$$eval('.editor-instance .line-numbers.active-line-number',
    (items) => items.map((item) => item.textContent.trim())).catch(() => []);
  const found = numbers.map(Number).filter((n) => n > 0);
  return found.length ? found[0] : null;
}

function lineOf(file, notation) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  return lines.findIndex((line) => line.includes(`"${notation}"`)) + 1;
}

(async () => {
  let browser;
  let page;
  let ok = false;
  let state = null;
  try {
    ({ browser, page } = await openWorkbench());
    page.setDefaultTimeout(15000); // a step that cannot be taken fails instead of hanging
    await pick(page, 'Control+P', env.DWAN);
    ok = await waitFor('Dwan-Ivey to be shown', async () =>
      (await page.locator('.editor-instance .view-line', { hasText: 'starting_stacks' }).count()) > 0, 30);
    await sleep(3000); // the server's first analysis
    await goTo(page, env.RAISE);
    await pick(page, 'F1', 'PHH: Open Replayer');
    ok = ok && await waitFor('the view to show the pot 33,500 at p1 cbr 23000', async () => {
      state = await seen(page);
      return state !== null && state.current === 'p1 cbr 23000' && /Pot 33,500/.test(state.pot);
    }, 60);
    say(`step 1: ${ok ? 'PASS' : 'FAIL'} open: ${JSON.stringify(state)}`);
    await page.screenshot({ path: path.join(env.OUT, 'replayer-open.png') });

    if (ok) {
      await goTo(page, `x:${env.FLOP_LINE}:5`);
      ok = await waitFor('the view to follow the cursor to the flop', async () => {
        state = await seen(page);
        return state !== null && state.current === 'd db Jc3d5c' && state.board === 'J♣3♦5♣';
      }, 20);
      say(`step 2: ${ok ? 'PASS' : 'FAIL'} follows the cursor: ${JSON.stringify(state)}`);
    }

    if (ok) {
      // column 1 of the next action's line (its indentation): that line's action, not the flop
      const betLine = lineOf(path.join(env.URL.replace(/^.*folder=/, ''), env.DWAN), 'p1 cbr 35000');
      await goTo(page, `x:${betLine}:1`);
      ok = await waitFor('the view to show the line\'s action from its indentation', async () => {
        state = await seen(page);
        return state !== null && state.current === 'p1 cbr 35000';
      }, 20);
      say(`step 2b: ${ok ? 'PASS' : 'FAIL'} column 1 shows the line's action: ${JSON.stringify(state)}`);
    }

    const workspaceFile = (name) => path.join(env.URL.replace(/^.*folder=/, ''), name);
    if (ok) {
      const frame = await view(page);
      await frame.locator('.phh-steps button', { hasText: 'p3 cbr 7000' }).click();
      say(`clicked p3 cbr 7000; the cursor is on line ${await cursorLine(page)}`);
      const target = lineOf(workspaceFile(env.DWAN), 'p3 cbr 7000');
      ok = await waitFor(`the cursor to move to line ${target}`, async () => (await cursorLine(page)) === target, 20);
      await page.keyboard.press('ArrowRight'); // the view has the focus now
      const next = lineOf(workspaceFile(env.DWAN), 'p1 cbr 23000');
      ok = ok && await waitFor(`the cursor to move to line ${next}`, async () => (await cursorLine(page)) === next, 20);
      // one step selected, and the focus on it (not on the step clicked before)
      ok = ok && await waitFor('one step selected, p1 cbr 23000', async () => {
        state = await seen(page);
        return state !== null && state.current === 'p1 cbr 23000' && state.selected === 1 && state.focused === 'p1 cbr 23000';
      }, 20);
      say(`step 3: ${ok ? 'PASS' : 'FAIL'} clicking a step moves the cursor: line ${await cursorLine(page)}, ${JSON.stringify(state)}`);
    }

    if (ok) {
      // the keys in the view: End shows the showdown in full, Home the start, the arrows a step
      await page.keyboard.press('End');
      ok = await waitFor('the last step: both hands shown and named', async () => {
        state = await seen(page);
        return state !== null && state.current === 'd db Jh' && state.seats === 3
          && state.hands.includes('straight, seven high') && state.hands.includes('straight, five high')
          && state.shown[0] === 2 && state.shown[2] === 2 && /wins 556,000/.test(state.result);
      }, 20);
      await page.screenshot({ path: path.join(env.OUT, 'replayer-holdem-window.png') });
      await (page.locator('iframe.webview').last()).screenshot({ path: path.join(env.OUT, 'replayer-holdem.png') });
      say(`step 5: ${ok ? 'PASS' : 'FAIL'} End: the showdown: ${JSON.stringify(state)}`);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      const call = ok && await waitFor('the all-in call: the uncalled 572,100 returned', async () => {
        state = await seen(page);
        return state !== null && state.current === 'p3 cc'
          && state.moved.includes('uncalled 572,100 returned to p1 (Phil Ivey)');
      }, 20);
      say(`step 5b: ${call ? 'PASS' : 'FAIL'} the uncalled bet: ${JSON.stringify(state)}`);
      await page.keyboard.press('Home');
      const home = call && await waitFor('Home: the start', async () => {
        state = await seen(page);
        return state !== null && state.current === 'start' && /Pot 4,500/.test(state.pot);
      }, 20);
      await page.keyboard.press('ArrowRight');
      const right = home && await waitFor('the right arrow: the first deal', async () => {
        state = await seen(page);
        return state !== null && state.current === 'd dh p1 Ac2d' && state.selected === 1;
      }, 20);
      say(`step 5c: ${right ? 'PASS' : 'FAIL'} Home and the right arrow: ${JSON.stringify(state)}`);
      ok = ok && call && home && right;
    }

    if (ok) {
      const foldLine = lineOf(workspaceFile(env.DWAN), 'p2 f');
      await page.locator('.editor-instance .view-line').first().click();
      await goTo(page, `x:${foldLine}:5`);
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.type('3');
      ok = await waitFor('the view to name the out-of-turn fold', async () => {
        state = await seen(page);
        return state !== null && /Replay stopped at action 6 \(p3 f\): p3 acted out of turn/.test(state.error)
          && state.current === 'p1 cbr 23000';
      }, 20);
      say(`step 4: ${ok ? 'PASS' : 'FAIL'} a broken hand: ${JSON.stringify(state)}`);
      await page.screenshot({ path: path.join(env.OUT, 'replayer.png') });
      await page.keyboard.press('Control+Z');
    }

    for (const shot of (env.SHOTS || '').split(' ').filter(Boolean)) {
      const [file] = shot.split(':');
      await pick(page, 'Control+P', file);
      await sleep(1500);
      await goTo(page, shot);
      const shown = await waitFor(`the view to show ${file}`, async () => {
        state = await seen(page);
        return state !== null && state.current !== '' && state.title !== '' && state.action !== '';
      }, 30);
      await sleep(800);
      const name = `replayer-${path.basename(file, '.phh')}.png`;
      const frame = page.locator('iframe.webview').last();
      await frame.screenshot({ path: path.join(env.OUT, name) });
      say(`screenshot ${name}: ${shown ? 'taken' : 'FAIL'} ${JSON.stringify(state)}`);
      ok = ok && shown;
    }
  } catch (error) {
    say(`FAIL: ${error && error.stack ? error.stack : error}`);
    ok = false;
  } finally {
    fs.writeFileSync(path.join(env.OUT, 'replayer.txt'), `${log.join('\n')}\n`);
    if (browser) await browser.close().catch(() => {});
  }
  console.log(`[replayer-check] ${ok ? 'PASS' : 'FAIL'}`);
  process.exit(ok ? 0 : 1);
})();
