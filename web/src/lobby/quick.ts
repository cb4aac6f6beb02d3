// The lobby's "Quick pairing" block: a button for each of the four pools (3+2, 5+3, 10+5,
// 15+10) with how many wait in it; pressing one joins (POST /api/pools/{key}; another pool
// moves the player there), and the block says it is looking for an opponent, with Cancel
// (DELETE). The lobby's "started" message takes both players to the game (lobby/page.ts);
// while waiting, GET /api/pools is also read every few seconds: it keeps the counts right when
// the lobby is polled, and finds the game should "started" not come. Signed out, a button
// asks to sign in.

import { accounts, lobby } from '../account/api';
import { loginHref } from '../account/paths';
import { t } from '../common/i18n';
import { el } from '../common/ui';
import type { LobbyMessage } from './model';
import { applyPoolsMessage, emptyCounts, fromPoolsAnswer, poolButton, type PoolCounts, QUICK_POOLS, searchingText } from './pools';

const CHECK_EVERY_MS = 3000;

export interface QuickHandlers {
  me: string | null;
  go(gameId: string, text?: string): void;
  showError(text: string): void;
  announce(text: string): void;
}

export function quickPairing(box: HTMLElement, handlers: QuickHandlers): { message(m: LobbyMessage): void; waiting(): boolean } {
  let counts: PoolCounts = emptyCounts();
  let joined: string | null = null;
  let joinedAt = 0;
  let busy = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const group = el('div', { class: 'quick-pools', role: 'group', 'aria-labelledby': 'quick-title' });
  const buttons = new Map<string, { button: HTMLButtonElement; waiting: HTMLElement }>();
  for (const { key } of QUICK_POOLS) {
    const waiting = el('span', { class: 'quick-waiting' });
    const button = el('button', { type: 'button', class: 'quick-pool', 'data-pool': key, 'aria-pressed': 'false' });
    button.append(el('strong', { class: 'quick-clock' }, key), waiting);
    button.onclick = () => void join(key);
    buttons.set(key, { button, waiting });
    group.append(button);
  }
  const status = el('p', { class: 'quick-status', id: 'quick-status', role: 'status' });
  const cancel = el('button', { type: 'button', id: 'quick-cancel', hidden: '' }, t('quick.cancel'));
  cancel.onclick = () => void leave();
  box.append(el('p', { class: 'hint' }, t('quick.hint')), group, status, cancel);

  function draw() {
    for (const [key, { button, waiting }] of buttons) {
      const words = poolButton(counts, key, joined);
      waiting.textContent = words.waiting;
      // The button's name is what it shows (the clock, how many wait); the sentence is its
      // description, so that a label never says other than the button's text.
      button.title = words.label;
      button.setAttribute('aria-pressed', String(joined === key));
      button.disabled = busy;
    }
    status.textContent = searchingText(joined);
    cancel.hidden = !joined;
    cancel.disabled = busy;
  }

  async function join(key: string) {
    if (!handlers.me) {
      location.href = loginHref('/lobby');
      return;
    }
    if (joined === key) return;
    handlers.showError('');
    busy = true;
    draw();
    try {
      await lobby.joinPool(key);
      joined = key;
      joinedAt = Date.now();
      watch();
    } catch (e) {
      handlers.showError((e as Error).message);
    } finally {
      busy = false;
      draw();
    }
  }

  async function leave() {
    if (!joined) return;
    const left = joined;
    busy = true;
    draw();
    try {
      await lobby.leavePool(left);
      joined = null;
      handlers.announce(t('quick.cancelled', { clock: left }));
    } catch (e) {
      handlers.showError((e as Error).message);
    } finally {
      busy = false;
      watch();
      draw();
    }
  }

  // While waiting: the counts, and whether we are still in the pool; out of it without having
  // left, we were paired: our newest game, if it started since we joined, is it.
  function watch() {
    clearInterval(timer);
    if (joined) timer = setInterval(() => void check(), CHECK_EVERY_MS);
  }
  async function check() {
    try {
      const answer = fromPoolsAnswer(await lobby.pools());
      counts = answer.counts;
      if (joined && !answer.joined && !busy) {
        const speed = QUICK_POOLS.find(p => p.key === joined)?.speed;
        joined = null;
        watch();
        if (handlers.me) {
          const { games } = await accounts.games(handlers.me, { inPlay: true, limit: 1 });
          const game = games[0];
          // A minute's leeway: the server's clock and ours may differ a little.
          if (game && game.rated && game.pool === speed && game.createdAt >= joinedAt - 60_000) handlers.go(game.id, t('quick.found'));
        }
      }
      draw();
    } catch (e) {
      console.warn('lobby: could not read the pools', e);
    }
  }

  draw();
  // Where we stand (a reload while waiting keeps the place).
  void lobby
    .pools()
    .then(answer => {
      const read = fromPoolsAnswer(answer);
      counts = read.counts;
      if (handlers.me && read.joined && !joined) {
        joined = read.joined;
        joinedAt = Date.now();
        watch();
      }
      draw();
    })
    .catch(e => console.warn('lobby: could not read the pools', e));
  addEventListener('pagehide', () => clearInterval(timer));

  return {
    waiting: () => joined !== null,
    message(m: LobbyMessage) {
      const next = applyPoolsMessage(counts, m);
      if (next === counts) return;
      counts = next;
      draw();
    },
  };
}
