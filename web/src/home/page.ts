// The start page: a new game (opponent, colour, start position, clock) and the recent games.

import { previewBoard } from '../board/board';
import { moveCount } from '../board/notation';
import { api, type Color, type CreateGame, type GameSummary } from '../common/api';
import { colorChoices, radioHtml, startChoices } from '../common/choices';
import { t, tMaybe } from '../common/i18n';
import { loadPrefs, savePrefs } from '../common/prefs';
import { loadSeats, saveSeats } from '../common/seats';
import { el, toast } from '../common/ui';

// The preview before a start position is known.
const EMPTY = '8/8/8/8/8/8/8/8';

type StartChoice =
  | { type: 'number'; number: number; fen: string; label: string }
  | { type: 'double960'; white: number; black: number; fen: string; label: string }
  | { type: 'fen'; fen: string; label: string };

export function homePage(root: HTMLElement): void {
  root.innerHTML = `
    <main class="home">
      <section class="card new-game">
        <h2>${t('home.newGame')}</h2>
        <form id="new-game">
          <p class="field name-field"><label for="player-name">${t('home.yourName')}</label>
            <input id="player-name" name="player-name" maxlength="24" autocomplete="nickname" placeholder="${t('home.namePlaceholder')}"></p>
          <fieldset>
            <legend>${t('home.opponent')}</legend>
            <label><input type="radio" name="opponent" value="engine" checked> ${t('home.computer')}</label>
            <label><input type="radio" name="opponent" value="friend"> ${t('home.friend')}</label>
          </fieldset>
          <fieldset class="engine-only">
            <legend><label for="level">${t('home.level')}</label></legend>
            <select id="level" name="level">
              ${[1, 2, 3, 4, 5, 6, 7, 8]
                .map(n => `<option value="${n}"${n === 3 ? ' selected' : ''}>${tMaybe(`home.level.${n}`, {}, String(n))}</option>`)
                .join('')}
            </select>
          </fieldset>
          <fieldset class="friend-only" hidden>
            <legend>${t('home.whereFriend')}</legend>
            <label><input type="radio" name="friend-mode" value="device" checked> ${t('home.sameDevice')}</label>
            <label><input type="radio" name="friend-mode" value="link"> ${t('home.sendLink')}</label>
          </fieldset>
          <fieldset class="color-choice">
            <legend>${t('home.yourColour')}</legend>
            ${radioHtml('color', colorChoices(), 'white')}
          </fieldset>
          <fieldset>
            <legend>${t('home.startPosition')}</legend>
            ${radioHtml('start', [...startChoices(), ['fen', t('home.customFen')]], 'random')}
            <div class="start-number" hidden>
              <input id="start-number" type="number" min="0" max="959" value="518" inputmode="numeric" aria-label="${t('home.numberLabel')}">
            </div>
            <div class="start-fen" hidden>
              <textarea id="start-fen" rows="2" spellcheck="false" placeholder="${t('home.fenPlaceholder')}" aria-label="${t('home.customFen')}"></textarea>
            </div>
            <div class="preview">
              <div class="mini-board"><div id="preview-board"></div></div>
              <div class="preview-text">
                <div id="preview-label" class="preview-label"></div>
                <div id="preview-rank" class="back-rank"></div>
                <div id="fen-error" class="error" hidden></div>
                <button type="button" id="reroll" class="link">${t('home.anotherRandom')}</button>
              </div>
            </div>
          </fieldset>
          <fieldset>
            <legend><label for="clock">${t('home.clock')}</label></legend>
            <select id="clock" name="clock">
              <option value="">${t('home.noClock')}</option>
              ${CLOCKS.map(c => `<option value="${c}">${tMaybe(`home.clock.${c}`, {}, c)}</option>`).join('')}
            </select>
          </fieldset>
          <button id="create" type="submit" class="primary">${t('home.play')}</button>
        </form>
      </section>
      <section class="card recent">
        <h2>${t('home.recent')}</h2>
        <ul id="recent"><li class="muted">${t('home.loading')}</li></ul>
        <p class="home-links"><a href="/event/new">${t('home.eventLink')}</a>${t('home.eventText')}</p>
        <p class="home-links"><a href="/puzzles" id="home-puzzles">${t('home.puzzlesLink')}</a>${t('home.puzzlesText')}</p>
      </section>
    </main>`;

  const form = root.querySelector<HTMLFormElement>('#new-game')!;
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const value = (name: string) => (form.elements.namedItem(name) as RadioNodeList).value;

  // The last choices of this browser.
  const prefs = loadPrefs();
  $<HTMLInputElement>('#player-name').value = prefs.name;
  $<HTMLSelectElement>('#level').value = prefs.level;
  if ([...$<HTMLSelectElement>('#clock').options].some(o => o.value === prefs.clock))
    $<HTMLSelectElement>('#clock').value = prefs.clock;

  const preview = previewBoard($('#preview-board'), EMPTY);
  let choice: StartChoice | null = null;
  let previewSeq = 0;

  function showChoice(next: StartChoice | null, error?: string) {
    choice = next;
    $('#fen-error').hidden = !error;
    $('#fen-error').textContent = error ?? '';
    $('#preview-label').textContent = next?.label ?? '';
    const rank = next ? backRanks(next.fen) : '';
    $('#preview-rank').textContent = rank;
    preview.show(next?.fen ?? EMPTY);
    $<HTMLButtonElement>('#create').disabled = !next;
  }

  // Fetches and shows the start position the game will begin from, before it starts.
  async function refreshPreview() {
    const seq = ++previewSeq;
    const type = value('start');
    $('.start-number').hidden = type !== 'number';
    $('.start-fen').hidden = type !== 'fen';
    $('#reroll').hidden = type !== 'random' && type !== 'double960';
    try {
      let next: StartChoice | null = null;
      let error: string | undefined;
      if (type === 'random') {
        const pos = await api.randomStart();
        next = { type: 'number', number: pos.number, fen: pos.fen, label: t('home.position', { n: pos.number }) };
      } else if (type === 'number') {
        const n = Number($<HTMLInputElement>('#start-number').value);
        if (!Number.isInteger(n) || n < 0 || n > 959) error = t('home.chooseNumber');
        else {
          const pos = await api.start(n);
          next = { type: 'number', number: pos.number, fen: pos.fen, label: t('home.position', { n: pos.number }) };
        }
      } else if (type === 'double960') {
        const pos = await api.randomDouble();
        next = {
          type: 'double960',
          white: pos.white.number,
          black: pos.black.number,
          fen: pos.fen,
          label: t('home.doubleLabel', { white: pos.white.number, black: pos.black.number }),
        };
      } else {
        const text = $<HTMLTextAreaElement>('#start-fen').value.trim();
        if (!text) next = null; // nothing to check yet
        else {
          try {
            const checked = await api.checkFen(text);
            const known =
              checked.numbers && checked.numbers.white !== checked.numbers.black
                ? t('home.knownDouble', { white: checked.numbers.white, black: checked.numbers.black })
                : typeof checked.number === 'number'
                  ? t('home.knownNumber', { n: checked.number })
                  : '';
            next = { type: 'fen', fen: checked.fen, label: t('home.customLabel', { known, fen: checked.fen }) };
          } catch (e) {
            error = (e as Error).message;
          }
        }
      }
      if (seq === previewSeq) showChoice(next, error);
    } catch (e) {
      if (seq === previewSeq) showChoice(null, (e as Error).message);
    }
  }

  function syncOpponent() {
    const engine = value('opponent') === 'engine';
    root.querySelectorAll<HTMLElement>('.engine-only').forEach(e => (e.hidden = !engine));
    root.querySelectorAll<HTMLElement>('.friend-only').forEach(e => (e.hidden = engine));
    const device = !engine && value('friend-mode') === 'device';
    $('.color-choice').hidden = device;
  }

  let fenTimer: number | undefined;
  form.addEventListener('change', e => {
    const target = e.target as HTMLInputElement;
    if (target.name === 'opponent' || target.name === 'friend-mode') syncOpponent();
    if (target.name === 'start' || target.id === 'start-number') void refreshPreview();
  });
  $('#start-number').addEventListener('input', () => void refreshPreview());
  $('#start-fen').addEventListener('input', () => {
    window.clearTimeout(fenTimer);
    fenTimer = window.setTimeout(() => void refreshPreview(), 250);
  });
  $('#reroll').addEventListener('click', () => void refreshPreview());

  form.addEventListener('submit', async e => {
    e.preventDefault();
    if (!choice) return;
    const opponent = value('opponent') as 'engine' | 'friend';
    const device = opponent === 'friend' && value('friend-mode') === 'device';
    let color = (device ? 'white' : value('color')) as Color | 'random';
    // A friend game by link: this browser keeps one seat, so settle "random" here.
    if (opponent === 'friend' && color === 'random') color = Math.random() < 0.5 ? 'white' : 'black';
    const clock = value('clock');
    savePrefs({ name: $<HTMLInputElement>('#player-name').value.trim(), level: value('level'), clock });
    const [initial, increment] = clock ? clock.split('+').map(Number) : [0, 0];
    const spec: CreateGame = {
      opponent,
      color,
      start:
        choice.type === 'number'
          ? { type: 'number', number: choice.number }
          : choice.type === 'double960'
            ? { type: 'double960', white: choice.white, black: choice.black }
            : { type: 'fen', fen: choice.fen },
      clock: clock ? { initial: initial!, increment: increment! } : null,
    };
    if (opponent === 'engine') spec.level = Number(value('level'));
    $<HTMLButtonElement>('#create').disabled = true;
    try {
      const created = await api.createGame(spec);
      const seats = loadSeats(created.id);
      if (opponent === 'friend' && !device && color !== 'random') {
        const other: Color = color === 'white' ? 'black' : 'white';
        seats[color] = created.tokens[color];
        const token = created.tokens[other];
        if (token) seats.invite = { color: other, token };
      } else {
        Object.assign(seats, created.tokens);
      }
      saveSeats(created.id, seats);
      location.href = `/game/${created.id}`;
    } catch (err) {
      toast((err as Error).message);
      $<HTMLButtonElement>('#create').disabled = false;
    }
  });

  syncOpponent();
  void refreshPreview();
  void loadRecent($('#recent'));
}

// The clocks of the menu, "initial seconds+increment" (the bullet ones too, issue 11).
const CLOCKS = ['60+0', '120+1', '180+0', '180+2', '300+3', '600+5', '900+10', '1800+20'];

// "RNBQKBNR" (or "white / black" when the two back ranks differ, as in Double Chess960).
function backRanks(fen: string): string {
  const rows = fen.split(' ')[0]!.split('/');
  const expand = (row: string) => row.replace(/[1-8]/g, d => '·'.repeat(Number(d)));
  const white = expand(rows[7] ?? '');
  const black = expand(rows[0] ?? '').toUpperCase();
  return white === black ? white : t('home.backRanks', { white, black });
}

async function loadRecent(list: HTMLElement) {
  try {
    const { games } = await api.listGames(20);
    list.innerHTML = '';
    if (games.length === 0) list.append(el('li', { class: 'muted' }, t('home.noGames')));
    for (const game of games) list.append(recentItem(game));
  } catch (e) {
    list.innerHTML = '';
    list.append(el('li', { class: 'error' }, t('home.loadFailed', { error: (e as Error).message })));
  }
}

function recentItem(game: GameSummary): HTMLElement {
  const seats = loadSeats(game.id);
  const yours = seats.white || seats.black;
  const li = el('li', { class: game.status === 'active' ? 'active' : 'over' });
  const link = el('a', { href: `/game/${game.id}` });
  link.append(
    el('span', { class: 'players' }, `${localName(game.white)} – ${localName(game.black)}`),
    el('span', { class: 'meta' }, [
      game.startNumber !== null ? `#${game.startNumber}` : t('home.custom'),
      moveCount(game.plies),
      game.status === 'active'
        ? yours
          ? t('home.yourGameInProgress')
          : t('home.inProgress')
        : game.status === 'aborted'
          ? t('home.aborted')
          : game.result,
      formatWhen(game.updated),
    ].join(' · ')),
  );
  li.append(link);
  return li;
}

// The server's default names are English ("White", "Player", "chess960 engine (level 3)"):
// the page says them in its own language; a name a player chose stays as it is.
function localName(name: string): string {
  if (name === 'White') return t('color.White');
  if (name === 'Black') return t('color.Black');
  if (name === 'Player') return t('home.namePlaceholder');
  const engine = /^chess960 engine \(level (\d+)\)$/.exec(name);
  return engine ? t('game.computerName', { level: engine[1]! }) : name;
}

function formatWhen(when: string | number): string {
  const date = new Date(typeof when === 'number' && when < 1e12 ? when * 1000 : when);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}
