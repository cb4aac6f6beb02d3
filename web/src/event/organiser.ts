// The organiser's panel of the event page (page.ts): the organiser's link, the next round's
// pairings, entropy, reveal time and start delay, the players' links, "reveal now" and closing
// the event. Names come from people: they go into the page as text, never as HTML.

import { t } from '../common/i18n';
import { copyText, el, toast } from '../common/ui';
import { eventApi, type EventView } from './api';
import { localDateTime, nextRound, organiserLink, readPairings, seatLink } from './model';
import { PairedPanel } from './paired';

// What the panel needs from its page.
export interface OrganiserHost {
  id: string;
  token: string;
  serverNow(): number; // the server's time, estimated
  offset(): number; // the server's time less this browser's
  show(view: EventView): void; // an answer to one of the panel's actions
  refresh(): Promise<void>;
}

export class OrganiserPanel {
  private view: EventView | null = null;
  private formRound: number | null = null;
  private linksKey = '';
  private closing = false;
  private paired: PairedPanel | null = null;

  constructor(
    private readonly panel: HTMLElement,
    private readonly host: OrganiserHost,
  ) {
    panel.innerHTML = `
      <h2 id="organiser-title">${t('organiser.title')}</h2>
      <div class="field">
        <label for="organiser-link">${t('organiser.link')}</label>
        <div class="copy-row"><input id="organiser-link" readonly><button type="button" id="copy-organiser">${t('event.copy')}</button></div>
      </div>
      <div id="paired-box"></div>
      <div id="round-form-box"></div>
      <div id="pending-box"></div>
      <div id="links-box"></div>
      <div id="close-box"></div>`;
    this.$('#copy-organiser').onclick = () =>
      void copyText(this.$<HTMLInputElement>('#organiser-link').value, t('organiser.linkCopied'));
  }

  private $<T extends HTMLElement>(selector: string): T {
    return this.panel.querySelector(selector) as T;
  }

  render(v: EventView): void {
    this.view = v;
    this.$<HTMLInputElement>('#organiser-link').value = organiserLink(location.origin, this.host.id, this.host.token);
    if (v.kind && v.kind !== 'typed') {
      // A paired event: its players, the server's pairing and the arbiter's results.
      this.paired ??= new PairedPanel(this.$('#paired-box'), this.host.id, this.host.token, this.host.show, this.host.refresh);
      this.paired.render(v);
    } else {
      this.renderRoundForm(v);
    }
    this.renderPending(v);
    this.renderLinks(v);
    this.renderClose(v);
  }

  private renderRoundForm(v: EventView): void {
    const box = this.$('#round-form-box');
    const next = nextRound(v);
    const round = 'round' in next ? next.round : null;
    if (round === this.formRound && box.childElementCount > 0) return; // keep what is being typed
    this.formRound = round;
    box.replaceChildren();
    if (round === null) {
      box.append(el('p', { class: 'muted', id: 'round-form-note' }, 'reason' in next ? next.reason : ''));
      return;
    }
    const previous = v.rounds[v.rounds.length - 1];
    const form = el('form', { id: 'round-form', 'aria-labelledby': 'round-form-title', novalidate: '' });
    form.innerHTML = `
      <h3 id="round-form-title">${t('organiser.enterRound', { round })}</h3>
      <fieldset>
        <legend>${t('organiser.pairings')}</legend>
        <table class="pairings">
          <thead><tr><th scope="col">${t('event.col.board')}</th><th scope="col">${t('color.White')}</th><th scope="col">${t('color.Black')}</th><th scope="col"><span class="sr-only">${t('organiser.remove')}</span></th></tr></thead>
          <tbody id="pairing-rows"></tbody>
        </table>
        <button type="button" id="add-board">${t('organiser.addBoard')}</button>
      </fieldset>
      <div class="field">
        <label for="round-entropy">${t('organiser.entropy')}</label>
        <input id="round-entropy" maxlength="1000" autocomplete="off" aria-describedby="entropy-hint">
        <p class="hint" id="entropy-hint">${t('organiser.entropyHint')}</p>
      </div>
      <fieldset>
        <legend>${t('organiser.reveal')}</legend>
        <label><input type="radio" name="reveal" value="now" checked> ${t('organiser.now')}</label>
        <label><input type="radio" name="reveal" value="at"> ${t('organiser.at')}</label>
        <input type="datetime-local" id="reveal-at" step="1" aria-label="${t('organiser.revealTime')}">
      </fieldset>
      <div class="field">
        <label for="start-delay">${t('organiser.delay')}</label>
        <input type="number" id="start-delay" min="0" max="1440" value="0">
      </div>
      <p id="round-error" class="error" role="alert" hidden></p>
      <button type="submit" class="primary" id="enter-round">${t('organiser.enterRound', { round })}</button>`;
    box.append(form);
    const rows = form.querySelector<HTMLElement>('#pairing-rows')!;
    const addRow = () => {
      const n = rows.childElementCount + 1;
      const tr = el('tr');
      const white = el('input', { class: 'pairing-white', autocomplete: 'off', maxlength: '100', 'aria-label': t('organiser.whiteOn', { board: n }) });
      const black = el('input', { class: 'pairing-black', autocomplete: 'off', maxlength: '100', 'aria-label': t('organiser.blackOn', { board: n }) });
      const remove = el('button', { type: 'button', class: 'link', 'aria-label': t('organiser.removeBoard', { board: n }) }, t('organiser.remove'));
      remove.onclick = () => {
        tr.remove();
        renumber();
      };
      const cells = [el('td', {}, String(n)), el('td'), el('td'), el('td')];
      cells[1]!.append(white);
      cells[2]!.append(black);
      cells[3]!.append(remove);
      tr.append(...cells);
      rows.append(tr);
    };
    const renumber = () =>
      [...rows.children].forEach((tr, i) => {
        const n = String(i + 1);
        tr.firstElementChild!.textContent = n;
        tr.querySelector('.pairing-white')!.setAttribute('aria-label', t('organiser.whiteOn', { board: n }));
        tr.querySelector('.pairing-black')!.setAttribute('aria-label', t('organiser.blackOn', { board: n }));
        tr.querySelector('button')!.setAttribute('aria-label', t('organiser.removeBoard', { board: n }));
      });
    for (let i = 0; i < Math.max(1, previous?.boards.length ?? 2); i++) addRow();
    form.querySelector<HTMLButtonElement>('#add-board')!.onclick = addRow;
    const revealAt = form.querySelector<HTMLInputElement>('#reveal-at')!;
    revealAt.value = localDateTime(Date.now() + 10 * 60_000);
    revealAt.addEventListener('input', () => {
      form.querySelector<HTMLInputElement>('input[name=reveal][value=at]')!.checked = true;
    });
    form.addEventListener('submit', e => {
      e.preventDefault();
      void this.submitRound(form, round);
    });
  }

  private async submitRound(form: HTMLFormElement, round: number): Promise<void> {
    const error = form.querySelector<HTMLElement>('#round-error')!;
    const fail = (message: string) => {
      error.textContent = message;
      error.hidden = false;
    };
    error.hidden = true;
    const rows = [...form.querySelectorAll('#pairing-rows tr')].map(
      tr =>
        [tr.querySelector<HTMLInputElement>('.pairing-white')!.value, tr.querySelector<HTMLInputElement>('.pairing-black')!.value] as [
          string,
          string,
        ],
    );
    const read = readPairings(rows);
    if ('error' in read) return fail(read.error);
    const when = (form.elements.namedItem('reveal') as RadioNodeList).value;
    let revealAt: number | undefined;
    if (when === 'at') {
      const value = form.querySelector<HTMLInputElement>('#reveal-at')!.value;
      const local = new Date(value).getTime();
      if (!value || Number.isNaN(local)) return fail(t('organiser.needRevealTime'));
      revealAt = local + this.host.offset(); // in the server's time
    }
    const delay = Number(form.querySelector<HTMLInputElement>('#start-delay')!.value || '0');
    if (!Number.isFinite(delay) || delay < 0 || delay > 1440) return fail(t('organiser.delayRange'));
    const base = revealAt ?? this.host.serverNow();
    const button = form.querySelector<HTMLButtonElement>('#enter-round')!;
    button.disabled = true;
    try {
      const view = await eventApi.addRound(this.host.id, this.host.token, {
        round,
        pairings: read.pairings,
        entropy: form.querySelector<HTMLInputElement>('#round-entropy')!.value,
        revealAt,
        startAt: delay > 0 ? Math.max(base, this.host.serverNow()) + Math.round(delay * 60_000) : undefined,
      });
      toast(t('organiser.entered', { round }));
      this.host.show(view);
    } catch (e) {
      fail((e as Error).message);
      button.disabled = false;
    }
  }

  private renderPending(v: EventView): void {
    const box = this.$('#pending-box');
    box.replaceChildren();
    for (const round of v.rounds) {
      if (round.revealed) continue;
      const p = el('p', { class: 'pending' });
      p.append(el('span', { class: 'round-time', 'data-round': String(round.round) }));
      const button = el('button', { type: 'button', id: `reveal-now-${round.round}` }, t('organiser.revealNow', { round: round.round }));
      button.onclick = async () => {
        button.disabled = true;
        try {
          this.host.show(await eventApi.revealNow(this.host.id, this.host.token, round.round));
        } catch (e) {
          toast((e as Error).message);
          button.disabled = false;
        }
      };
      p.append(' ', button);
      box.append(p);
    }
  }

  private renderLinks(v: EventView): void {
    const key = v.rounds.map(r => `${r.round}:${r.boards.length}`).join(',');
    if (key === this.linksKey) return;
    this.linksKey = key;
    const box = this.$('#links-box');
    box.replaceChildren();
    if (v.rounds.length === 0) return;
    box.append(el('h3', {}, t('organiser.links')));
    box.append(el('p', { class: 'hint' }, t('organiser.linksHint')));
    for (const round of v.rounds) {
      const details = el('details', { class: 'round-links', 'data-round': String(round.round) });
      if (round === v.rounds[v.rounds.length - 1]) details.open = true;
      details.append(el('summary', {}, t('event.roundTitle', { round: round.round })));
      const table = el('table', { class: 'links' });
      table.innerHTML = `<thead><tr><th scope="col">${t('event.col.board')}</th><th scope="col">${t('event.col.player')}</th><th scope="col">${t('organiser.col.colour')}</th><th scope="col">${t('organiser.col.link')}</th></tr></thead>`;
      const body = el('tbody');
      for (const board of round.boards)
        for (const colour of ['white', 'black'] as const) {
          const name = board[colour];
          const token = board.seats?.[colour];
          if (!token) continue;
          const link = seatLink(location.origin, this.host.id, token);
          const input = el('input', {
            readonly: '',
            class: 'seat-link',
            'data-player': name,
            'data-round': String(round.round),
            'aria-label': t('organiser.linkFor', { name, colour: t(`color.${colour}`), board: board.board, round: round.round }),
          });
          input.value = link;
          const copy = el('button', { type: 'button', 'aria-label': t('organiser.copyLinkFor', { name }) }, t('event.copy'));
          copy.onclick = () => void copyText(link, t('organiser.linkCopiedFor', { name }));
          const tr = el('tr');
          const cell = el('td', { class: 'copy-row' });
          cell.append(input, copy);
          tr.append(el('td', {}, String(board.board)), el('td', {}, name), el('td', {}, colour === 'white' ? t('color.White') : t('color.Black')), cell);
          body.append(tr);
        }
      table.append(body);
      details.append(table);
      box.append(details);
    }
  }

  private renderClose(v: EventView): void {
    const box = this.$('#close-box');
    if (v.status === 'closed') {
      box.replaceChildren();
      return;
    }
    const pending = v.rounds.find(r => !r.revealed);
    const key = `${pending?.round ?? ''}:${this.closing}`;
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    box.replaceChildren(el('h3', {}, t('organiser.afterLast')));
    if (!this.closing) {
      const button = el('button', { type: 'button', id: 'close-event' }, t('organiser.close'));
      button.disabled = !!pending;
      button.onclick = () => {
        this.closing = true;
        this.renderClose(this.view!);
      };
      box.append(button);
      if (pending) box.append(el('p', { class: 'hint' }, t('organiser.mustReveal', { round: pending.round })));
      return;
    }
    box.append(el('p', { role: 'alert' }, t('organiser.confirmClose')));
    const yes = el('button', { type: 'button', id: 'confirm-close', class: 'primary' }, t('organiser.yesClose'));
    const no = el('button', { type: 'button', id: 'cancel-close' }, t('organiser.cancel'));
    yes.onclick = async () => {
      yes.disabled = true;
      try {
        await eventApi.close(this.host.id, this.host.token);
        this.closing = false;
        await this.host.refresh();
      } catch (e) {
        toast((e as Error).message);
        yes.disabled = false;
      }
    };
    no.onclick = () => {
      this.closing = false;
      this.renderClose(this.view!);
    };
    box.append(yes, ' ', no);
  }
}
