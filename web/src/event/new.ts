// The page that creates an event (/event/new): its published parameters, then the event's page
// with the organiser's token kept in this browser.

import { t } from '../common/i18n';
import { eventApi, type EventKind } from './api';
import { parseExclusions } from './model';
import { saveOrganiserToken } from './tokens';

export function newEventPage(root: HTMLElement): void {
  const clocks = ['180+2', '600+5', '900+10', '1800+20', '5400+30'];
  const clockText = (c: string) => {
    const [initial, increment] = c.split('+').map(Number);
    return t('event.clockValue', { m: initial! / 60, s: increment! });
  };
  document.title = `${t('event.new.title')} · chess960`;
  root.innerHTML = `
    <main class="event-page">
      <section class="card" aria-labelledby="new-event-title">
        <h1 id="new-event-title">${t('event.new.title')}</h1>
        <p class="muted">${t('event.new.intro', { doc: '<code>docs/event-draw.md</code>', command: '<code>chess960 event verify</code>' })}</p>
        <form id="new-event" novalidate>
          <div class="field">
            <label for="event-name">${t('event.new.name')}</label>
            <input id="event-name" name="name" required maxlength="200" autocomplete="off">
            <p class="hint">${t('event.new.nameHint')}</p>
          </div>
          <div class="field">
            <label for="event-rounds">${t('event.rounds')}</label>
            <input id="event-rounds" name="rounds" type="number" min="1" max="960" value="5" required>
          </div>
          <div class="field">
            <label for="event-exclude">${t('event.new.exclude')}</label>
            <input id="event-exclude" name="exclude" value="518" aria-describedby="exclude-hint">
            <p class="hint" id="exclude-hint">${t('event.new.excludeHint')}</p>
          </div>
          <div class="field">
            <label><input id="event-repeats" type="checkbox"> ${t('event.new.repeats')}</label>
            <label><input id="event-double" type="checkbox"> ${t('event.new.double')}</label>
          </div>
          <div class="field">
            <label for="event-kind">${t('event.new.kind')}</label>
            <select id="event-kind">
              <option value="typed">${t('event.new.kindTyped')}</option>
              <option value="swiss">${t('event.new.kindSwiss')}</option>
              <option value="round_robin">${t('event.new.kindRoundRobin')}</option>
              <option value="double_round_robin">${t('event.new.kindDoubleRoundRobin')}</option>
            </select>
          </div>
          <div class="field">
            <label for="event-tiebreaks">${t('event.new.tiebreaks')}</label>
            <input id="event-tiebreaks" value="BH-C1,SB" autocomplete="off" aria-describedby="tiebreaks-hint">
            <p class="hint" id="tiebreaks-hint">${t('event.new.tiebreaksHint')}</p>
          </div>
          <div class="field">
            <label for="event-clock">${t('event.timeControl')}</label>
            <select id="event-clock">
              <option value="">${t('event.new.noClock')}</option>
              ${clocks.map(c => `<option value="${c}"${c === '900+10' ? ' selected' : ''}>${clockText(c)}</option>`).join('')}
            </select>
          </div>
          <p id="new-event-error" class="error" role="alert" hidden></p>
          <button id="create-event" type="submit" class="primary">${t('event.new.create')}</button>
        </form>
      </section>
    </main>`;
  const form = root.querySelector<HTMLFormElement>('#new-event')!;
  const $ = <T extends HTMLElement>(sel: string) => root.querySelector(sel) as T;
  const error = $<HTMLParagraphElement>('#new-event-error');

  form.addEventListener('submit', async e => {
    e.preventDefault();
    error.hidden = true;
    const name = $<HTMLInputElement>('#event-name').value;
    const rounds = Number($<HTMLInputElement>('#event-rounds').value);
    const exclusions = parseExclusions($<HTMLInputElement>('#event-exclude').value);
    const problem = !name.trim()
      ? t('event.new.needName')
      : !Number.isInteger(rounds) || rounds < 1 || rounds > 960
        ? t('event.new.roundsRange')
        : 'error' in exclusions
          ? exclusions.error
          : null;
    if (problem || 'error' in exclusions) {
      error.textContent = problem ?? '';
      error.hidden = false;
      return;
    }
    const clock = $<HTMLSelectElement>('#event-clock').value;
    const kind = $<HTMLSelectElement>('#event-kind').value as EventKind;
    const [initial, increment] = clock ? clock.split('+').map(Number) : [0, 0];
    $<HTMLButtonElement>('#create-event').disabled = true;
    try {
      const created = await eventApi.create({
        name,
        rounds,
        exclude: exclusions.numbers,
        allowRepeats: $<HTMLInputElement>('#event-repeats').checked,
        double960: $<HTMLInputElement>('#event-double').checked,
        clock: clock ? { initial: initial!, increment: increment! } : null,
        ...(kind === 'typed' ? {} : { kind, tiebreaks: $<HTMLInputElement>('#event-tiebreaks').value.trim() }),
      });
      saveOrganiserToken(created.id, created.organiserToken);
      location.href = `/event/${created.id}`;
    } catch (err) {
      error.textContent = (err as Error).message;
      error.hidden = false;
      $<HTMLButtonElement>('#create-event').disabled = false;
    }
  });
}
