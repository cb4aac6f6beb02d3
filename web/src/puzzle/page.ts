// The puzzles' page (/puzzles): a puzzle solved on the game page's board (board/board.ts: drag,
// click, the king dropped on its own rook to castle or on its castling square where that is no
// other move, the promotion question) or by a typed move (board/notation.ts), lichess's way
// (run.ts). The result is sent once (POST /api/puzzles/{id}/attempt): a signed-in player's first
// attempt at a puzzle is rated, and the page shows the new rating and its change; a visitor's is
// not, and the page says so. Then the next puzzle.
//
//   /puzzles                    the next puzzle near the player's puzzle rating (a visitor: 1500)
//   /puzzles?theme=T&start=N    the next with a theme (themes.ts) and/or from start position N
//   /puzzles?streak=1           a streak: from rating 800, 100 more a solved puzzle, until a mistake
//   /puzzles?id=ID              that puzzle (a link to it, the dashboard's history)
//
// The puzzle's origin (its start position's number and back rank) and the game it comes from;
// signed in, the dashboard (attempts, success per theme, rating history). Keyboard and screen
// reader as on the game page: the board is focusable and labelled with its pieces, a live region
// says each move and the result, the arrows browse the line once the puzzle is over, f flips.

import { loginHref } from '../account/paths';
import { ratingChangeText, ratingText, shownRating } from '../account/rating';
import { session } from '../account/session';
import { createBoard, type BoardSource } from '../board/board';
import { moveDialogsHtml, moveNavHtml, questionOpen } from '../board/dialogs';
import type { BoardMove } from '../board/moves';
import { boardRows, parseTypedMove, piecesText, spokenSan } from '../board/notation';
import type { Color } from '../common/api';
import { ApiError } from '../common/errors';
import { language, t } from '../common/i18n';
import { playSound } from '../common/sound';
import { el } from '../common/ui';
import { moveRows } from '../round/move-list';
import { colorWord, opposite } from '../round/text';
import { type Dashboard, type PuzzleAnswer, type PuzzleRating, puzzles } from './api';
import { newStreak, PuzzleRun, type Streak, streakAfter } from './run';
import { type PuzzleParams, puzzleSearch, readPuzzleParams, startOf, successText, THEMES, themeName } from './themes';

const EMPTY_FEN = '8/8/8/8/8/8/8/8 w - - 0 1';
const FIRST_MOVE_MS = 700; // the puzzle's position, then the opponent's move
const REPLY_MS = 500; // a right move, then the reply
const TAKE_BACK_MS = 900; // a wrong move stays this long before it is taken back

function pageHtml(): string {
  return `
    <main class="puzzle-page">
      <div class="game puzzle-game">
        <section class="board-col" aria-label="${t('puzzle.boardRegion')}">
          <div class="board-area">
            <div class="board-frame">
              <div class="ranks" aria-hidden="true"></div>
              <div class="board-wrap"><div id="board" role="img" tabindex="0"></div></div>
              <div class="corner" aria-hidden="true"></div>
              <div class="files" aria-hidden="true"></div>
            </div>
          </div>
        </section>
        <aside class="side" aria-label="${t('puzzle.sideRegion')}">
          <h1 id="puzzle-heading">${t('puzzle.heading')}</h1>
          <p id="puzzle-mode" class="puzzle-mode"></p>
          <p id="streak-count" class="streak-count" hidden></p>
          <div id="status" class="status"></div>
          <form id="move-form" class="move-form" autocomplete="off">
            <label for="move-input">${t('game.move')}</label>
            <input id="move-input" name="move" spellcheck="false" autocapitalize="off" enterkeyhint="send" aria-describedby="move-help move-error" placeholder="${t('game.movePlaceholder')}">
            <button type="submit">${t('game.play')}</button>
            <p id="move-help" class="hint">${t('game.moveHelp')}</p>
            <p id="move-error" class="move-error" role="alert"></p>
          </form>
          <div id="announce" class="sr-only" aria-live="polite" aria-atomic="true"></div>
          <section id="puzzle-result" class="puzzle-result" aria-labelledby="puzzle-result-title" hidden>
            <h2 id="puzzle-result-title"></h2>
            <p id="puzzle-rating-change"></p>
          </section>
          <div class="actions">
            <button id="solution-next" type="button" hidden>${t('puzzle.showSolution')}</button>
            <button id="next-puzzle" type="button" class="primary" hidden>${t('puzzle.next')}</button>
            <button id="streak-new" type="button" class="primary" hidden>${t('puzzle.streak.new')}</button>
            <a id="game-link" class="button" hidden>${t('puzzle.gameLink')}</a>
          </div>
          <ol id="moves" class="moves" tabindex="0" aria-label="${t('game.moves')}"></ol>
          ${moveNavHtml()}
          <p id="puzzle-info" class="puzzle-info"></p>
          <p id="puzzle-origin" class="puzzle-origin" hidden></p>
          <p id="puzzle-themes" class="puzzle-themes" hidden></p>
          <p id="my-rating" class="my-rating"></p>
          <div class="actions">
            <button id="flip" type="button">${t('game.flip')}</button>
            <button id="text-toggle" type="button" aria-expanded="false" aria-controls="text-view">${t('game.textView')}</button>
          </div>
          <section id="text-view" class="text-view" hidden aria-label="${t('game.textRegion')}">
            <pre id="text-board"></pre>
            <p id="text-white"></p>
            <p id="text-black"></p>
          </section>
        </aside>
      </div>
      <section class="card puzzle-choose" aria-labelledby="puzzle-choose-title">
        <h2 id="puzzle-choose-title">${t('puzzle.choose')}</h2>
        <form id="puzzle-filters" class="filters" novalidate>
          <p class="field"><label for="puzzle-theme">${t('puzzle.field.theme')}</label>
            <select id="puzzle-theme" name="theme"></select></p>
          <p class="field"><label for="puzzle-start">${t('puzzle.field.start')}</label>
            <input id="puzzle-start" name="start" type="number" min="0" max="959" inputmode="numeric" aria-describedby="puzzle-start-hint">
            <span id="puzzle-start-hint" class="hint">${t('puzzle.startHint')}</span></p>
          <button type="submit" id="puzzle-find">${t('puzzle.find')}</button>
        </form>
        <p id="puzzle-filter-error" class="move-error" role="alert"></p>
        <p><button type="button" id="streak-start">${t('puzzle.streak.start')}</button> <span class="hint">${t('puzzle.streak.explain')}</span></p>
      </section>
      <section class="card puzzle-dashboard" id="puzzle-dashboard" aria-labelledby="puzzle-dashboard-title">
        <h2 id="puzzle-dashboard-title">${t('puzzle.dashboard')}</h2>
        <div id="puzzle-dashboard-body"><p class="muted">${t('home.loading')}</p></div>
      </section>
    </main>
    ${moveDialogsHtml()}`;
}

const sleep = (ms: number) => new Promise<void>(r => setTimeout(r, ms));
const dateText = (ms: number) => new Date(ms).toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' });

export async function puzzlesPage(root: HTMLElement): Promise<void> {
  document.title = `${t('puzzle.title')} · chess960`;
  root.innerHTML = pageHtml();
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  let params: PuzzleParams = readPuzzleParams(location.search);
  const me = await session();

  // --- State -------------------------------------------------------------------------------
  let run: PuzzleRun | null = null;
  let game: PuzzleAnswer['game'] = {};
  let viewPly = 0;
  let orientation: Color = 'white';
  let busy = false; // an animation or a reply under way: the solver waits
  let streak: Streak | null = params.streak ? newStreak() : null;
  let myRating: PuzzleRating | null = null; // signed in: the rating before the next attempt
  let loadSeq = 0;
  const sent = new Set<string>(); // the puzzles whose attempt this page sent
  let legalCache: { run: PuzzleRun; ply: number; status: string; moves: BoardMove[] } | null = null;

  const legal = (): BoardMove[] => {
    if (!run || viewPly !== run.ply) return [];
    if (!legalCache || legalCache.run !== run || legalCache.ply !== run.ply || legalCache.status !== run.status)
      legalCache = { run, ply: run.ply, status: run.status, moves: run.legal() };
    return legalCache.moves;
  };
  const canPlay = () => !!run && run.status === 'play' && !busy && viewPly === run.ply;

  // --- The board ---------------------------------------------------------------------------
  const source: BoardSource = {
    ply: () => run?.ply ?? 0,
    viewPly: () => (run ? viewPly : 0),
    fenAt: ply => run?.fens[ply] ?? EMPTY_FEN,
    turnAt: ply => (run ? run.turnAt(ply) : 'white'),
    moveAt: ply => run?.moves[ply - 1],
    checkAt: ply => (run ? run.checkAt(ply) : false),
    turn: () => (run ? run.turnAt(run.ply) : 'white'),
    play: canPlay,
    premover: () => null,
    legal,
    legalReady: () => true,
  };
  const board = createBoard($('#board'), root, { orientation, analysis: false, premoves: false }, source, {
    move: move => void playMove(move, true),
    select: () => {},
  });

  // --- What the page says ------------------------------------------------------------------
  function announce(text: string) {
    const region = $('#announce');
    region.textContent = region.textContent === text ? `${text} ` : text;
  }
  function setStatus(text: string, kind: '' | 'good' | 'bad' = '') {
    const status = $('#status');
    status.textContent = text;
    status.dataset.kind = kind;
  }
  function moveError(text: string) {
    $('#move-error').textContent = text;
  }

  function renderLabels() {
    const ranks = orientation === 'white' ? '87654321' : '12345678';
    const files = orientation === 'white' ? 'abcdefgh' : 'hgfedcba';
    $('.ranks').innerHTML = [...ranks].map(r => `<span>${r}</span>`).join('');
    $('.files').innerHTML = [...files].map(f => `<span>${f}</span>`).join('');
  }

  function renderText() {
    const fen = source.fenAt(source.viewPly());
    const pieces = piecesText(fen);
    const turn = source.turnAt(source.viewPly());
    $('#board').setAttribute(
      'aria-label',
      t('game.boardLabel', { orientation: colorWord(orientation), turn: colorWord(turn), white: pieces.white, black: pieces.black }),
    );
    if ($('#text-view').hidden) return;
    $('#text-board').textContent = [...boardRows(fen, orientation), `  ${(orientation === 'white' ? 'abcdefgh' : 'hgfedcba').split('').join(' ')}`].join('\n');
    $('#text-white').textContent = t('game.textWhite', { pieces: pieces.white });
    $('#text-black').textContent = t('game.textBlack', { pieces: pieces.black });
  }

  function renderMoves() {
    const list = $('#moves');
    list.innerHTML = '';
    if (!run) return;
    const over = run.over();
    for (const row of moveRows(run.puzzle.fen, run.moves.map(m => m.san))) {
      const li = el('li', { value: String(row.number) });
      for (const cell of row.cells) {
        if (!cell) {
          li.append(el('span', { class: 'move empty' }, '…'));
          continue;
        }
        const { ply } = cell;
        const span = el('span', { class: `move${ply === viewPly ? ' current' : ''}`, 'data-ply': String(ply) }, cell.san);
        if (over) span.onclick = () => goTo(ply);
        li.append(span);
      }
      list.append(li);
    }
    root.querySelectorAll<HTMLButtonElement>('[data-nav]').forEach(b => {
      const back = b.dataset.nav === 'first' || b.dataset.nav === 'prev';
      b.disabled = !over || (back ? viewPly === 0 : viewPly === run!.ply);
    });
  }

  function renderMode() {
    let text: string;
    if (streak) text = t('puzzle.mode.streak');
    else if (params.id) text = t('puzzle.mode.id', { id: params.id });
    else {
      const parts: string[] = [];
      if (params.theme) parts.push(t('puzzle.mode.theme', { theme: themeName(params.theme) }));
      if (params.start !== null) parts.push(t('puzzle.mode.start', { n: params.start }));
      text = parts.length ? parts.join(' · ') : me ? t('puzzle.mode.near') : t('puzzle.mode.nearVisitor');
    }
    $('#puzzle-mode').textContent = text;
    const count = $('#streak-count');
    count.hidden = !streak;
    if (streak) count.textContent = streak.over ? t('puzzle.streak.over', { n: streak.count }) : t('puzzle.streak.count', { n: streak.count });
  }

  function renderMyRating() {
    const box = $('#my-rating');
    box.innerHTML = '';
    if (me && myRating) box.textContent = t('puzzle.yourRating', { rating: ratingText(myRating) });
    else if (!me) {
      box.append(`${t('puzzle.visitorNote')} `, el('a', { href: loginHref(), id: 'puzzle-sign-in' }, t('top.signIn')));
    }
  }

  function renderPuzzleInfo() {
    if (!run) {
      $('#puzzle-info').textContent = '';
      $('#puzzle-origin').hidden = true;
      $('#puzzle-themes').hidden = true;
      return;
    }
    const p = run.puzzle;
    $('#puzzle-info').textContent = t('puzzle.info', { id: p.id, rating: p.rating, plays: p.plays });
    const origin = $('#puzzle-origin');
    origin.hidden = p.start === null;
    if (p.start !== null) origin.textContent = p.backRank ? t('puzzle.origin', { n: p.start, rank: p.backRank }) : t('puzzle.originNumber', { n: p.start });
    // The themes tell the answer away: shown once the puzzle is over.
    const themes = $('#puzzle-themes');
    themes.hidden = !run.over() || p.themes.length === 0;
    themes.textContent = t('puzzle.themes', { themes: p.themes.map(themeName).join(', ') });
    const link = $<HTMLAnchorElement>('#game-link');
    const url = game.url;
    link.hidden = !run.over() || !url;
    if (url && (url.startsWith('/') || /^https?:\/\//.test(url))) {
      link.href = url;
      if (url.startsWith('/')) link.removeAttribute('rel');
      else link.rel = 'noopener noreferrer';
    } else link.hidden = true;
  }

  function renderActions() {
    const over = !!run?.over();
    $('#move-form').hidden = over || !run;
    $('#solution-next').hidden = !over || !run!.solutionLeft();
    const streakOver = !!streak?.over;
    $('#next-puzzle').hidden = !over || streakOver;
    $('#streak-new').hidden = !over || !streakOver;
  }

  function renderAll() {
    renderMode();
    renderMoves();
    renderText();
    renderPuzzleInfo();
    renderActions();
    renderMyRating();
  }

  // --- Playing -----------------------------------------------------------------------------
  function goTo(ply: number) {
    if (!run || !run.over()) return;
    viewPly = Math.max(0, Math.min(run.ply, ply));
    renderMoves();
    renderText();
    void board.draw();
  }

  const findText = () => t('puzzle.findMove', { color: colorWord(run!.solver) });

  async function playMove(move: BoardMove, fromBoard: boolean) {
    if (!run || !canPlay()) {
      board.revert();
      return;
    }
    const current = run;
    const ply = current.ply;
    const outcome = current.move(move.uci);
    if (outcome.kind === 'not-now' || outcome.kind === 'illegal') {
      board.revert();
      return;
    }
    moveError('');
    board.showOwnMove(move, ply, fromBoard);
    viewPly = current.ply;
    void board.draw();
    const played = current.moves[ply]!;
    playSound(played.san.includes('x') ? 'capture' : 'move');
    const youPlayed = t('puzzle.youPlayed', { move: spokenSan(played.san) });
    if (outcome.kind === 'correct') {
      setStatus(t('puzzle.correct'), 'good');
      announce(`${youPlayed} ${t('puzzle.correct')}`);
      renderAll();
      busy = true;
      await sleep(REPLY_MS);
      busy = false;
      if (run !== current) return;
      const reply = current.reply();
      viewPly = current.ply;
      void board.draw();
      if (reply) playSound(reply.san.includes('x') ? 'capture' : 'move');
      const replied = reply ? t('puzzle.opponentPlayed', { move: spokenSan(reply.san) }) : '';
      if (current.status === 'solved') {
        await finish(current, replied);
        return;
      }
      setStatus(findText());
      announce(`${replied} ${findText()}`);
      renderAll();
      return;
    }
    if (outcome.kind === 'solved') {
      await finish(current, youPlayed, outcome.otherMate);
      return;
    }
    // A wrong move: said, shown a moment, then taken back with the right move drawn.
    const wrong = t('puzzle.failed', { move: outcome.rightSan });
    setStatus(wrong, 'bad');
    announce(`${youPlayed} ${wrong}`);
    renderAll();
    const done = finish(current, wrong);
    busy = true;
    await sleep(TAKE_BACK_MS);
    busy = false;
    if (run !== current) return done;
    current.takeBack();
    viewPly = current.ply;
    await board.draw();
    board.showBest(current.right?.uci ?? null);
    renderAll();
    return done;
  }

  // The puzzle over: said, and its attempt sent once (rated for a signed-in player's first).
  // `before`: what was said of the last move (a wrong move: the right one), said again with the
  // rating, which replaces it in the live region before a screen reader may have read it.
  async function finish(current: PuzzleRun, before: string, otherMate = false) {
    const win = current.result === 'win';
    let outcome = before;
    if (win) {
      const text = otherMate ? t('puzzle.solvedMate') : t('puzzle.solved');
      setStatus(text, 'good');
      outcome = `${before} ${text}`.trim();
      announce(outcome);
      playSound('end');
    }
    if (streak && !streak.over) streak = streakAfter(streak, current.puzzle.id, win);
    renderAll();
    const result = $('#puzzle-result');
    result.hidden = false;
    $('#puzzle-result-title').textContent = win ? t('puzzle.resultWin') : t('puzzle.resultLoss');
    const change = $('#puzzle-rating-change');
    change.textContent = '';
    // A streak is not rated (as lichess's Puzzle Streak): nothing is sent, and that is said even
    // for a puzzle this page met before the streak (its attempt sent then).
    const inStreak: Streak | null = streak;
    if (inStreak) {
      const said = t('puzzle.streak.unrated');
      change.textContent = said;
      change.dataset.rated = 'false';
      delete change.dataset.change;
      const over = inStreak.over ? t('puzzle.streak.over', { n: inStreak.count }) : '';
      announce(`${outcome} ${said} ${over}`.trim());
      return;
    }
    if (sent.has(current.puzzle.id)) {
      // Met again on this page (a visitor may be given a puzzle twice): its attempt went once.
      change.textContent = me ? t('puzzle.unratedRepeat') : t('puzzle.unratedVisitor');
      change.dataset.rated = 'false';
      return;
    }
    sent.add(current.puzzle.id);
    try {
      const answer = await puzzles.attempt(current.puzzle.id, win);
      if (run !== current) return;
      let said: string;
      if (answer.rated) {
        const before = myRating?.rating ?? 1500;
        const delta = shownRating(answer.player.rating) - shownRating(before);
        said = t('puzzle.rated', { rating: ratingText(answer.player), change: ratingChangeText(delta) });
        change.dataset.change = String(delta);
        change.dataset.rating = String(shownRating(answer.player.rating));
        myRating = answer.player;
      } else {
        said = me ? t('puzzle.unratedRepeat') : t('puzzle.unratedVisitor');
        delete change.dataset.change;
      }
      change.textContent = said;
      change.dataset.rated = String(answer.rated);
      announce(`${outcome} ${said}`.trim());
      renderMyRating();
      if (streak?.over) announce(t('puzzle.streak.over', { n: streak.count }));
      void loadDashboard();
    } catch (e) {
      change.textContent = t('puzzle.attemptFailed', { error: (e as Error).message });
    }
  }

  // --- Loading puzzles ---------------------------------------------------------------------
  async function fetchNext(): Promise<PuzzleAnswer> {
    if (params.id) return puzzles.byId(params.id);
    if (streak) {
      // A streak asks near its rating; a puzzle of this streak again is asked past (a visitor
      // may be given one twice: the server does not know who they are).
      let answer = await puzzles.next({ rating: streak.rating });
      for (let i = 0; i < 3 && streak.seen.includes(answer.puzzle.id); i++) answer = await puzzles.next({ rating: streak.rating });
      return answer;
    }
    return puzzles.next({ theme: params.theme, start: params.start });
  }

  async function loadPuzzle(focus: boolean) {
    const seq = ++loadSeq;
    run = null;
    viewPly = 0;
    $('#puzzle-result').hidden = true;
    const change = $('#puzzle-rating-change');
    change.textContent = '';
    for (const key of ['rated', 'rating', 'change']) delete change.dataset[key];
    setStatus(t('puzzle.loading'));
    renderAll();
    board.showBest(null);
    board.sync(); // nothing to move while the next puzzle comes
    let answer: PuzzleAnswer;
    try {
      answer = await fetchNext();
    } catch (e) {
      if (seq !== loadSeq) return;
      const text = e instanceof ApiError && e.status === 404 ? t('puzzle.none') : t('puzzle.loadFailed', { error: (e as Error).message });
      setStatus(text, 'bad');
      announce(text);
      return;
    }
    if (seq !== loadSeq) return;
    // A puzzle by id is asked once; the next is the next near the rating.
    params = { ...params, id: null };
    let next: PuzzleRun;
    try {
      next = new PuzzleRun(answer.puzzle);
    } catch (e) {
      setStatus(t('puzzle.loadFailed', { error: (e as Error).message }), 'bad');
      return;
    }
    run = next;
    game = answer.game ?? {};
    orientation = next.solver;
    board.setOrientation(orientation);
    renderLabels();
    viewPly = 0;
    busy = true;
    board.revert();
    renderAll();
    setStatus(t('puzzle.watch'));
    if (focus) $('#board').focus();
    await sleep(FIRST_MOVE_MS);
    busy = false;
    if (run !== next) return;
    const first = next.start();
    viewPly = next.ply;
    await board.draw();
    const said = first ? t('puzzle.opponentPlayed', { move: spokenSan(first.san) }) : '';
    setStatus(findText());
    announce(`${said} ${findText()}`);
    renderAll();
  }

  async function loadDashboard() {
    const body = $('#puzzle-dashboard-body');
    if (!me) {
      body.innerHTML = '';
      body.append(el('p', {}, t('puzzle.dash.signIn')), el('p', {}, ''));
      body.lastElementChild!.append(el('a', { href: loginHref() }, t('top.signIn')));
      return;
    }
    try {
      const dash = await puzzles.dashboard();
      myRating ??= dash.rating;
      drawDashboard(body, dash);
      renderMyRating();
    } catch (e) {
      body.textContent = t('puzzle.dash.loadFailed', { error: (e as Error).message });
    }
  }

  // --- Controls ----------------------------------------------------------------------------
  $('#move-form').addEventListener('submit', e => {
    e.preventDefault();
    const input = $<HTMLInputElement>('#move-input');
    if (!run || !canPlay()) {
      const text = run?.over() ? t('puzzle.over') : t('puzzle.wait');
      moveError(text);
      announce(text);
      return;
    }
    const typed = parseTypedMove(input.value, run.fens[run.ply]!, legal());
    if (typed.kind === 'error') {
      moveError(typed.message);
      announce(typed.message);
      return;
    }
    input.value = '';
    void playMove(typed.move, false);
  });

  $('#next-puzzle').onclick = () => {
    // After a puzzle by id (?id=), the address no longer names the one shown.
    if (new URLSearchParams(location.search).has('id')) history.replaceState(null, '', `/puzzles${puzzleSearch(params)}`);
    void loadPuzzle(true);
  };
  $('#streak-new').onclick = () => startStreak();
  $('#solution-next').onclick = () => {
    if (!run) return;
    const played = run.showNext();
    if (!played) return;
    board.showBest(null);
    viewPly = run.ply;
    void board.draw();
    announce(t('puzzle.solutionMove', { move: spokenSan(played.san) }));
    renderAll();
    if (!run.solutionLeft()) $('#next-puzzle').focus();
  };
  $('#flip').onclick = () => flip();
  $('#text-toggle').onclick = () => {
    const open = $('#text-view').hidden;
    $('#text-view').hidden = !open;
    $('#text-toggle').setAttribute('aria-expanded', String(open));
    renderText();
  };
  function flip() {
    orientation = opposite(orientation);
    board.setOrientation(orientation);
    renderLabels();
    renderText();
  }
  root.querySelectorAll<HTMLButtonElement>('[data-nav]').forEach(button => {
    button.onclick = () => {
      if (!run) return;
      const nav = button.dataset.nav;
      goTo(nav === 'first' ? 0 : nav === 'prev' ? viewPly - 1 : nav === 'next' ? viewPly + 1 : run.ply);
    };
  });
  document.addEventListener('keydown', e => {
    const target = e.target as HTMLElement | null;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (questionOpen(root) || !run || e.ctrlKey || e.metaKey || e.altKey) return;
    const moves: Record<string, () => number> = {
      ArrowLeft: () => viewPly - 1,
      ArrowRight: () => viewPly + 1,
      ArrowUp: () => 0,
      Home: () => 0,
      ArrowDown: () => run!.ply,
      End: () => run!.ply,
    };
    const to = moves[e.key];
    if (to && run.over()) {
      e.preventDefault();
      goTo(to());
    } else if (e.key === 'f') flip();
  });

  // The filters: a theme and a start position; the address follows (a link, a reload).
  const themeSelect = $<HTMLSelectElement>('#puzzle-theme');
  themeSelect.append(el('option', { value: '' }, t('puzzle.anyTheme')));
  const names = THEMES.map(theme => [theme, themeName(theme)] as const).sort((a, b) => a[1].localeCompare(b[1], language()));
  for (const [value, name] of names) themeSelect.append(el('option', { value }, name));
  if (params.theme && !THEMES.includes(params.theme as (typeof THEMES)[number])) themeSelect.append(el('option', { value: params.theme }, params.theme));
  themeSelect.value = params.theme ?? '';
  const startInput = $<HTMLInputElement>('#puzzle-start');
  if (params.start !== null) startInput.value = String(params.start);
  $('#puzzle-filters').addEventListener('submit', e => {
    e.preventDefault();
    const start = startOf(startInput.value);
    startInput.removeAttribute('aria-invalid');
    if (start === undefined) {
      startInput.setAttribute('aria-invalid', 'true');
      $('#puzzle-filter-error').textContent = t('puzzle.badStart');
      startInput.focus();
      return;
    }
    $('#puzzle-filter-error').textContent = '';
    streak = null;
    params = { id: null, theme: themeSelect.value || null, start, streak: false };
    history.replaceState(null, '', `/puzzles${puzzleSearch(params)}`);
    void loadPuzzle(true);
  });
  function startStreak() {
    streak = newStreak();
    params = { id: null, theme: null, start: null, streak: true };
    history.replaceState(null, '', `/puzzles${puzzleSearch(params)}`);
    void loadPuzzle(true);
  }
  $('#streak-start').onclick = startStreak;

  renderLabels();
  const dashboard = loadDashboard();
  // The first puzzle: the player's rating is known first, so that the change is from it.
  if (me) await dashboard;
  await loadPuzzle(false);
}

// The dashboard: the rating, attempts and success, success per theme (a table), the rating
// history (newest first, each puzzle linked).
function drawDashboard(body: HTMLElement, dash: Dashboard) {
  body.innerHTML = '';
  body.append(
    el('p', { id: 'puzzle-dash-rating' }, t('puzzle.dash.rating', { rating: ratingText(dash.rating), games: dash.rating.games })),
    el('p', { id: 'puzzle-dash-summary' }, t('puzzle.dash.summary', { attempts: dash.attempts, wins: dash.wins, share: successText(dash.wins, dash.attempts) })),
  );
  if (dash.attempts === 0) {
    body.append(el('p', { class: 'muted' }, t('puzzle.dash.none')));
    return;
  }
  body.append(el('h3', {}, t('puzzle.dash.themes')));
  const table = el('table', { class: 'puzzle-themes-table', id: 'puzzle-dash-themes' });
  table.append(el('caption', { class: 'sr-only' }, t('puzzle.dash.themes')));
  const head = el('tr');
  for (const key of ['puzzle.dash.col.theme', 'puzzle.dash.col.attempts', 'puzzle.dash.col.wins', 'puzzle.dash.col.share'] as const)
    head.append(el('th', { scope: 'col' }, t(key)));
  table.append(el('thead'));
  table.tHead!.append(head);
  const tbody = el('tbody');
  for (const tally of dash.themes) {
    const row = el('tr', { 'data-theme': tally.theme });
    row.append(
      el('th', { scope: 'row' }, themeName(tally.theme)),
      el('td', {}, String(tally.attempts)),
      el('td', {}, String(tally.wins)),
      el('td', {}, successText(tally.wins, tally.attempts)),
    );
    tbody.append(row);
  }
  table.append(tbody);
  const scroll = el('div', { class: 'table-scroll' });
  scroll.append(table);
  body.append(scroll);
  body.append(el('h3', {}, t('puzzle.dash.history')));
  const list = el('ol', { class: 'puzzle-history', id: 'puzzle-dash-history' });
  for (const entry of dash.history) {
    const li = el('li', { 'data-id': entry.id });
    const link = el('a', { href: `/puzzles${puzzleSearch({ id: entry.id })}` }, t('puzzle.dash.puzzle', { id: entry.id }));
    li.append(
      el('time', { datetime: new Date(entry.at).toISOString() }, dateText(entry.at)),
      ' · ',
      link,
      ' · ',
      el('span', { class: entry.win ? 'win' : 'loss' }, entry.win ? t('puzzle.dash.solved') : t('puzzle.dash.failed')),
      ' · ',
      el('span', { class: 'rating' }, t('puzzle.dash.after', { rating: shownRating(entry.rating), change: ratingChangeText(entry.change) })),
    );
    list.append(li);
  }
  body.append(list);
}
