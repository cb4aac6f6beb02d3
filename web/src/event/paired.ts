// The organiser's panel of a paired event (a Swiss by FIDE's Dutch system, a round robin by the
// Berger tables): the players table and the form that enters one, the join link, the next
// round's pairing as the server proposes it (with what a pairing breaks) and its publication,
// the pairing changed by the organiser (colours swapped on a board, two players swapped) with
// what the server says it breaks, the arbiter's results of any published round, and the standings with the event's tie-breaks.
// Names come from people: they go into the page as text, never as HTML.

import { t, tMaybe } from '../common/i18n';
import { copyText, el, toast } from '../common/ui';
import { type AddRound, eventApi, type EventView, type NewPlayer, type Proposal } from './api';
import { playerGameLink } from './model';
import { savePlayerToken } from './tokens';

export const boardResults = ['1-0', '0-1', '1/2-1/2', '+-', '-+', '--'] as const;

export class PairedPanel {
  private proposal: Proposal | null = null;
  private key = ''; // what the panel shows: drawn again only when it changes (a form keeps its text)
  private added: { name: string; link: string } | null = null; // the last player entered
  private changed = false; // the organiser changed the proposed pairing (it is published as changed)
  private resultsRound: number | null = null; // the round whose results are entered (none: the latest)

  constructor(
    private readonly box: HTMLElement,
    private readonly id: string,
    private readonly token: string,
    private readonly show: (view: EventView) => void,
    private readonly refresh: () => Promise<void>,
  ) {}

  render(v: EventView): void {
    const paired = v.paired;
    if (!paired) return;
    const key = JSON.stringify([
      paired.players,
      paired.standings,
      v.status,
      this.proposal,
      this.resultsRound,
      v.rounds.map(r => [r.round, r.started, r.boards.map(b => [b.result, b.resultSource])]),
    ]);
    if (key === this.key) return;
    this.key = key;
    const focused = this.box.contains(document.activeElement) ? document.activeElement?.id : undefined;
    this.box.replaceChildren();
    this.renderPlayers(v);
    this.renderRound(v);
    this.renderResults(v);
    this.renderStandings(v);
    if (focused) document.getElementById(focused)?.focus();
  }

  private renderPlayers(v: EventView): void {
    const paired = v.paired!;
    this.box.append(el('h3', { id: 'players-title' }, t('paired.players', { count: paired.players.length })));
    const table = el('table', { class: 'players', 'aria-labelledby': 'players-title' });
    table.innerHTML = `<thead><tr><th scope="col">${t('paired.col.number')}</th><th scope="col">${t('event.col.player')}</th><th scope="col">${t('paired.col.rating')}</th><th scope="col">${t('paired.col.title')}</th><th scope="col">${t('paired.col.federation')}</th><th scope="col">${t('paired.col.fideId')}</th><th scope="col">${t('paired.col.status')}</th></tr></thead>`;
    const body = el('tbody');
    for (const p of paired.players) {
      const status =
        p.withdrawnAfter !== null
          ? t('paired.withdrawn', { round: p.withdrawnAfter })
          : p.joinedRound > 1
            ? t('paired.joined', { round: p.joinedRound })
            : t('paired.entered');
      const tr = el('tr');
      for (const text of [String(p.number), p.name, p.rating === null ? '' : String(p.rating), p.title, p.federation, p.fideId, status])
        tr.append(el('td', {}, text));
      body.append(tr);
    }
    table.append(body);
    this.box.append(table);

    const form = el('form', { id: 'player-form', 'aria-labelledby': 'player-form-title', novalidate: '' });
    const late = v.rounds.length > 0;
    form.innerHTML = `
      <h4 id="player-form-title">${t('paired.addPlayer')}</h4>
      <div class="field"><label for="player-name">${t('paired.name')}</label><input id="player-name" maxlength="100" autocomplete="off" required></div>
      <div class="field"><label for="player-rating">${t('paired.col.rating')}</label><input id="player-rating" type="number" min="0" max="4000"></div>
      <div class="field"><label for="player-title">${t('paired.col.title')}</label><input id="player-title" maxlength="3" autocomplete="off"></div>
      <div class="field"><label for="player-federation">${t('paired.col.federation')}</label><input id="player-federation" maxlength="3" autocomplete="off"></div>
      <div class="field"><label for="player-fide">${t('paired.col.fideId')}</label><input id="player-fide" maxlength="11" inputmode="numeric" autocomplete="off"></div>
      ${late ? `<div class="field"><label for="player-late">${t('paired.latePoints')}</label><input id="player-late" type="number" min="0" step="0.5" value="0"></div>` : ''}
      <p id="player-error" class="error" role="alert" hidden></p>
      <button type="submit" id="add-player">${t('paired.addPlayer')}</button>`;
    form.addEventListener('submit', e => {
      e.preventDefault();
      void this.addPlayer(form);
    });
    this.box.append(form);
    if (this.added) {
      // The player's link, shown once: the server keeps only its token's hash.
      const { name, link } = this.added;
      const row = el('div', { class: 'copy-row' });
      const input = el('input', { readonly: '', id: 'added-player-link', 'aria-label': t('paired.playerLinkFor', { name }) });
      input.value = link;
      const copy = el('button', { type: 'button' }, t('event.copy'));
      copy.onclick = () => void copyText(link, t('organiser.linkCopiedFor', { name }));
      row.append(input, copy);
      this.box.append(el('p', { class: 'hint' }, t('paired.playerLinkHint', { name })), row);
    }
    if (!late) {
      const join = el('button', { type: 'button', id: 'open-join-link' }, t('paired.openJoinLink'));
      join.onclick = async () => {
        try {
          const { joinToken } = await eventApi.openJoinLink(this.id, this.token);
          await copyText(`${location.origin}/event/${this.id}#join=${joinToken}`, t('paired.joinLinkCopied'));
        } catch (err) {
          toast((err as Error).message);
        }
      };
      this.box.append(join);
    }
  }

  private async addPlayer(form: HTMLFormElement): Promise<void> {
    const value = (id: string) => form.querySelector<HTMLInputElement>(`#${id}`)?.value.trim() ?? '';
    const error = form.querySelector<HTMLElement>('#player-error')!;
    const player: NewPlayer = { name: value('player-name') };
    if (value('player-rating')) player.rating = Number(value('player-rating'));
    if (value('player-title')) player.title = value('player-title').toUpperCase();
    if (value('player-federation')) player.federation = value('player-federation').toUpperCase();
    if (value('player-fide')) player.fideId = value('player-fide');
    if (value('player-late')) player.latePoints = Number(value('player-late'));
    error.hidden = true;
    try {
      const added = await eventApi.addPlayer(this.id, this.token, player);
      toast(t('paired.added', { name: added.player.name, number: added.player.number }));
      this.added = { name: added.player.name, link: `${location.origin}/event/${this.id}#player=${added.playerToken}` };
      this.key = '';
      await this.refresh();
    } catch (err) {
      error.textContent = (err as Error).message;
      error.hidden = false;
    }
  }

  private renderRound(v: EventView): void {
    const next = v.rounds.length + 1;
    if (next > v.parameters.rounds || v.status === 'closed') return;
    this.box.append(el('h3', { id: 'proposal-title' }, t('paired.nextRound', { round: next })));
    const propose = el('button', { type: 'button', id: 'propose-round' }, t('paired.propose', { round: next }));
    propose.onclick = async () => {
      try {
        this.proposal = await eventApi.proposal(this.id, this.token);
        this.changed = false;
        this.key = '';
        this.render(v);
        document.getElementById('publish-round')?.focus();
      } catch (err) {
        toast((err as Error).message);
      }
    };
    this.box.append(propose);
    const proposal = this.proposal;
    if (!proposal || proposal.round !== next) return;
    const table = el('table', { class: 'proposal', 'aria-labelledby': 'proposal-title' });
    table.innerHTML = `<thead><tr><th scope="col">${t('event.col.board')}</th><th scope="col">${t('color.White')}</th><th scope="col">${t('color.Black')}</th><th scope="col">${t('paired.col.change')}</th></tr></thead>`;
    const body = el('tbody');
    for (const b of proposal.boards) {
      const swap = el('button', { type: 'button', id: `swap-colours-${b.board}`, 'aria-label': t('paired.swapColoursOf', { board: b.board }) }, t('paired.swapColours'));
      swap.onclick = () =>
        void this.change(v, proposal, pairs => {
          const p = pairs[b.board - 1]!;
          [p.white, p.black] = [p.black, p.white];
        });
      const cell = el('td');
      cell.append(swap);
      const tr = el('tr');
      tr.append(el('td', {}, String(b.board)), el('td', {}, `${b.white.number} ${b.white.name}`), el('td', {}, `${b.black.number} ${b.black.name}`), cell);
      body.append(tr);
    }
    table.append(body);
    this.box.append(table);
    if (proposal.bye) this.box.append(el('p', { id: 'proposal-bye' }, t('paired.bye', { number: proposal.bye.number, name: proposal.bye.name })));
    this.renderSwap(v, proposal);
    // What the pairing breaks, as the server checks it (POST /proposal), before it is published.
    const issues = el('div', { id: 'proposal-issues', role: 'status', 'aria-live': 'polite' });
    if (this.changed || proposal.issues.length > 0) {
      issues.append(el('h4', {}, this.changed ? t('paired.changedIssues') : t('paired.issues')));
      if (proposal.issues.length === 0) issues.append(el('p', {}, t('paired.noIssues')));
      const list = el('ul');
      for (const issue of proposal.issues) list.append(el('li', { class: 'error' }, `${issue.rule}: ${issue.message}`));
      if (proposal.issues.length > 0) issues.append(list);
    }
    this.box.append(issues);
    const entropy = el('input', { id: 'paired-entropy', maxlength: '1000', autocomplete: 'off', 'aria-label': t('organiser.entropy') });
    const publish = el('button', { type: 'button', id: 'publish-round', class: 'primary' }, t('paired.publish', { round: next }));
    publish.onclick = async () => {
      publish.disabled = true;
      try {
        const round: AddRound = { round: next, entropy: entropy.value };
        if (this.changed) {
          round.pairings = proposal.boards.map(b => ({ white: b.white.number, black: b.black.number }));
          if (proposal.bye) round.bye = proposal.bye.number;
        }
        const view = await eventApi.addRound(this.id, this.token, round);
        this.proposal = null;
        this.changed = false;
        toast(t('organiser.entered', { round: next }));
        this.show(view);
      } catch (err) {
        toast((err as Error).message);
        publish.disabled = false;
      }
    };
    this.box.append(entropy, ' ', publish);
  }

  // Two players swapped between boards (or with the bye): a select for each, then the server's
  // check of the changed pairing.
  private renderSwap(v: EventView, proposal: Proposal): void {
    const players = proposal.boards.flatMap(b => [b.white, b.black]);
    if (proposal.bye) players.push(proposal.bye);
    players.sort((a, b) => a.number - b.number);
    const form = el('form', { id: 'swap-form', 'aria-labelledby': 'swap-title' });
    form.append(el('h4', { id: 'swap-title' }, t('paired.swapPlayers')));
    const selects: HTMLSelectElement[] = [];
    for (const [id, label] of [['swap-a', t('paired.swapA')], ['swap-b', t('paired.swapB')]] as const) {
      const field = el('div', { class: 'field' });
      const select = el('select', { id });
      for (const p of players) select.append(el('option', { value: String(p.number) }, `${p.number} ${p.name}`));
      field.append(el('label', { for: id }, label), select);
      form.append(field);
      selects.push(select);
    }
    if (players.length > 1) selects[1]!.value = String(players[1]!.number);
    form.append(el('button', { type: 'submit', id: 'swap-players' }, t('paired.swap')));
    form.addEventListener('submit', e => {
      e.preventDefault();
      const a = Number(selects[0]!.value);
      const b = Number(selects[1]!.value);
      if (a === b) return;
      void this.change(v, proposal, (pairs, bye) => {
        const swap = (n: number) => (n === a ? b : n === b ? a : n);
        for (const p of pairs) [p.white, p.black] = [swap(p.white), swap(p.black)];
        return bye === undefined ? undefined : swap(bye);
      });
    });
    this.box.append(form);
  }

  // Applies a change to the pairing shown, has the server check it and shows what it breaks.
  private async change(
    v: EventView,
    proposal: Proposal,
    edit: (pairs: { white: number; black: number }[], bye: number | undefined) => number | undefined | void,
  ): Promise<void> {
    const pairs = proposal.boards.map(b => ({ white: b.white.number, black: b.black.number }));
    let bye = proposal.bye?.number;
    const moved = edit(pairs, bye);
    if (typeof moved === 'number') bye = moved;
    try {
      this.proposal = await eventApi.checkPairing(this.id, this.token, bye === undefined ? { pairings: pairs } : { pairings: pairs, bye });
      this.changed = true;
      this.key = '';
      this.render(v);
    } catch (err) {
      toast((err as Error).message);
    }
  }

  private renderResults(v: EventView): void {
    const started = v.rounds.filter(r => r.started);
    if (started.length === 0) return;
    const round = started.find(r => r.round === this.resultsRound) ?? started[started.length - 1]!;
    this.box.append(el('h3', { id: 'results-title' }, t('paired.results', { round: round.round })));
    if (started.length > 1) {
      // Results of any published round: a correction of an earlier one is kept in the audit list.
      const field = el('div', { class: 'field' });
      const pick = el('select', { id: 'results-round' });
      for (const r of started) pick.append(el('option', { value: String(r.round) }, t('paired.roundN', { round: r.round })));
      pick.value = String(round.round);
      pick.onchange = () => {
        this.resultsRound = Number(pick.value);
        this.key = '';
        this.render(v);
      };
      field.append(el('label', { for: 'results-round' }, t('paired.resultsRound')), pick);
      this.box.append(field);
    }
    const table = el('table', { class: 'results', 'aria-labelledby': 'results-title' });
    table.innerHTML = `<thead><tr><th scope="col">${t('event.col.board')}</th><th scope="col">${t('color.White')}</th><th scope="col">${t('color.Black')}</th><th scope="col">${t('paired.col.result')}</th><th scope="col">${t('paired.col.arbiter')}</th></tr></thead>`;
    const body = el('tbody');
    for (const b of round.boards) {
      const select = el('select', { id: `result-${b.board}`, 'aria-label': t('paired.resultOf', { board: b.board }) });
      select.append(el('option', { value: '' }, '—'));
      for (const r of boardResults) select.append(el('option', { value: r }, tMaybe(`paired.result.${r}`, {}, r)));
      const set = el('button', { type: 'button', id: `set-result-${b.board}`, 'aria-label': t('paired.setResultOf', { board: b.board }) }, t('paired.setResult'));
      set.onclick = async () => {
        if (!select.value) return;
        try {
          this.show(await eventApi.setResult(this.id, this.token, round.round, b.board, select.value));
        } catch (err) {
          toast((err as Error).message);
        }
      };
      const shown = b.result ? `${b.result}${b.resultSource === 'arbiter' ? ` (${t('paired.byArbiter')})` : ''}` : '';
      const cell = el('td');
      cell.append(select, ' ', set);
      const tr = el('tr');
      tr.append(el('td', {}, String(b.board)), el('td', {}, b.white), el('td', {}, b.black), el('td', {}, shown), cell);
      body.append(tr);
    }
    table.append(body);
    this.box.append(table);
  }

  private renderStandings(v: EventView): void {
    const paired = v.paired!;
    if (paired.standings.length === 0) return;
    this.box.append(el('h3', { id: 'paired-standings-title' }, t('paired.standings', { round: paired.standingsAfter })));
    const table = el('table', { class: 'standings', 'aria-labelledby': 'paired-standings-title' });
    const head = el('tr');
    for (const text of [t('event.col.rank'), t('event.col.player'), t('event.col.points'), ...paired.tiebreaks]) head.append(el('th', { scope: 'col' }, text));
    const thead = el('thead');
    thead.append(head);
    const body = el('tbody');
    for (const s of paired.standings) {
      const tr = el('tr');
      for (const text of [String(s.rank), `${s.number} ${s.name}`, String(s.points), ...s.tiebreaks.map(String)]) tr.append(el('td', {}, text));
      body.append(tr);
    }
    table.append(thead, body);
    this.box.append(table);
    const trf = el('a', { href: eventApi.trfUrl(this.id), download: `chess960-event-${this.id}.trf` }, t('paired.trf'));
    this.box.append(el('p'));
    this.box.lastElementChild!.append(trf);
  }
}

// The join link's form (/event/<id>#join=<token>): a player enters the event before its start
// and is shown their number and their player's token (for byes and withdrawal).
export function joinForm(panel: HTMLElement, id: string, joinToken: string): void {
  panel.hidden = false;
  panel.innerHTML = `
    <h2 id="join-title">${t('paired.join')}</h2>
    <form id="join-form" novalidate>
      <div class="field"><label for="join-name">${t('paired.name')}</label><input id="join-name" maxlength="100" autocomplete="name" required></div>
      <div class="field"><label for="join-rating">${t('paired.col.rating')}</label><input id="join-rating" type="number" min="0" max="4000"></div>
      <div class="field"><label for="join-title-field">${t('paired.col.title')}</label><input id="join-title-field" maxlength="3" autocomplete="off"></div>
      <div class="field"><label for="join-federation">${t('paired.col.federation')}</label><input id="join-federation" maxlength="3" autocomplete="off"></div>
      <div class="field"><label for="join-fide">${t('paired.col.fideId')}</label><input id="join-fide" maxlength="11" inputmode="numeric" autocomplete="off"></div>
      <p id="join-error" class="error" role="alert" hidden></p>
      <button type="submit" id="join-event" class="primary">${t('paired.join')}</button>
    </form>
    <p id="join-done" role="status" hidden></p>`;
  const form = panel.querySelector<HTMLFormElement>('#join-form')!;
  const value = (field: string) => panel.querySelector<HTMLInputElement>(`#${field}`)!.value.trim();
  form.addEventListener('submit', async e => {
    e.preventDefault();
    const error = panel.querySelector<HTMLElement>('#join-error')!;
    const player: NewPlayer = { name: value('join-name') };
    if (value('join-rating')) player.rating = Number(value('join-rating'));
    if (value('join-title-field')) player.title = value('join-title-field').toUpperCase();
    if (value('join-federation')) player.federation = value('join-federation').toUpperCase();
    if (value('join-fide')) player.fideId = value('join-fide');
    error.hidden = true;
    try {
      const joined = await eventApi.join(id, joinToken, player);
      form.hidden = true;
      savePlayerToken(id, joined.playerToken);
      const done = panel.querySelector<HTMLElement>('#join-done')!;
      done.textContent = t('paired.joinedAs', { name: joined.player.name, number: joined.player.number, token: joined.playerToken });
      // The page itself, with the player's token: bookmarked, it opens the player's page again.
      const link = el('a', { id: 'player-link', href: `/event/${id}#player=${joined.playerToken}` }, t('paired.yourLink'));
      link.onclick = e => {
        e.preventDefault();
        location.href = link.href; // the same page: only the fragment changes, so load it again
        location.reload();
      };
      done.append(' ', link);
      done.hidden = false;
    } catch (err) {
      error.textContent = (err as Error).message;
      error.hidden = false;
    }
  });
}

// A paired event's player's own panel (/event/<id>#player=<token>): their number and points,
// the latest round's board, colour and opponent (or bye), a half-point bye asked for the next
// round, and withdrawing.
export async function playerPanel(panel: HTMLElement, id: string, token: string, rounds: number): Promise<void> {
  let view;
  try {
    view = await eventApi.player(id, token);
  } catch (err) {
    panel.hidden = false;
    panel.replaceChildren(el('p', { class: 'error', role: 'alert' }, (err as Error).message));
    return;
  }
  panel.hidden = false;
  panel.replaceChildren(el('h2', { id: 'player-title' }, t('paired.you', { name: view.player.name, number: view.player.number })));
  const c = view.current;
  let text = t('paired.notPaired');
  if (c?.board && c.opponent)
    text = t('paired.yourBoard', {
      round: c.round,
      board: c.board,
      colour: c.color === 'white' ? t('color.White') : t('color.Black'),
      opponent: `${c.opponent.number} ${c.opponent.name}`,
    });
  else if (c?.bye) text = t('paired.yourBye', { round: c.round });
  panel.append(el('p', { id: 'player-current', 'aria-live': 'polite' }, text));
  // The game is played with the player's own token as its seat (the server takes it for the
  // board where this player sits).
  if (c?.board && c.gameId)
  {
    const line = el('p', {});
    line.append(el('a', { id: 'player-game', href: playerGameLink(c.gameId, token) }, t('event.playYourGame')));
    panel.append(line);
  }
  if (view.points !== null) panel.append(el('p', {}, t('paired.yourPoints', { points: view.points })));
  const next = (c?.round ?? 0) + 1;
  if (view.player.withdrawnAfter !== null) {
    panel.append(el('p', {}, t('paired.withdrawn', { round: view.player.withdrawnAfter })));
    return;
  }
  if (next <= rounds) {
    const asked = view.byes.some(b => b.round === next && b.kind !== 'pairing');
    const bye = el('button', { type: 'button', id: 'ask-bye' }, asked ? t('paired.cancelBye', { round: next }) : t('paired.askBye', { round: next }));
    bye.onclick = async () => {
      try {
        await eventApi.requestBye(id, token, next, asked ? 'none' : 'half');
        await playerPanel(panel, id, token, rounds);
      } catch (err) {
        toast((err as Error).message);
      }
    };
    panel.append(bye, ' ');
  }
  const withdraw = el('button', { type: 'button', id: 'withdraw', class: 'danger' }, t('paired.withdraw'));
  withdraw.onclick = async () => {
    if (!confirm(t('paired.confirmWithdraw'))) return;
    try {
      await eventApi.withdraw(id, token);
      await playerPanel(panel, id, token, rounds);
    } catch (err) {
      toast((err as Error).message);
    }
  };
  panel.append(withdraw);
}
