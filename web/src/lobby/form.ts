// The form that makes a seek (the lobby's) or a challenge (a player's profile): a time control,
// rated or casual, a colour, a start position, and for a seek the opponent's rating range.

import { type Account, lobby, type Seek } from '../account/api';
import { poolOfClock, ratingText } from '../account/rating';
import { colorChoices, radioHtml, startChoices } from '../common/choices';
import { t } from '../common/i18n';
import { CLOCK_PRESETS, DAYS_PER_MOVE, daysText, poolName, seekSpecOf } from './model';

// The form that makes a seek, or with `to` a challenge to that account (the rating range is then
// not asked: only the one named may accept).
export function createForm(
  box: HTMLElement,
  account: Promise<Account | null>,
  created: (seek: Seek) => void,
  refresh: () => void,
  to?: string,
) {
  const clockChoices = [...CLOCK_PRESETS, 'custom', 'correspondence'] as const;
  const clockLabel = (c: (typeof clockChoices)[number]) => (c === 'custom' ? t('lobby.custom') : c === 'correspondence' ? t('corr.choice') : c);
  box.innerHTML = `
    <form id="seek-form" novalidate>
      <fieldset>
        <legend>${t('lobby.timeControl')}</legend>
        <div class="clock-choices">
          ${radioHtml('clock', clockChoices.map(c => [c, clockLabel(c)]), '5+3')}
        </div>
        <div class="custom-clock" hidden>
          <label>${t('lobby.minutes')} <input id="custom-minutes" inputmode="decimal" size="5" value="5"></label>
          <label>${t('lobby.increment')} <input id="custom-increment" type="number" min="0" max="180" value="3"></label>
        </div>
        <div class="corr-days" hidden>
          <label>${t('corr.daysPerMove')} <select id="corr-days">${DAYS_PER_MOVE.map(d => `<option value="${d}"${d === 3 ? ' selected' : ''}>${daysText(d)}</option>`).join('')}</select></label>
        </div>
        <p id="clock-pool" class="hint"></p>
      </fieldset>
      <fieldset>
        <legend>${t('lobby.mode')}</legend>
        ${radioHtml('rated', [['rated', t('lobby.rated')], ['casual', t('lobby.casual')]], 'rated')}
      </fieldset>
      <fieldset>
        <legend>${t('home.yourColour')}</legend>
        ${radioHtml('color', colorChoices(), 'random')}
      </fieldset>
      <fieldset>
        <legend>${t('home.startPosition')}</legend>
        ${radioHtml('start', startChoices(), 'random')}
        <div class="start-number" hidden>
          <input id="seek-number" type="number" min="0" max="959" value="518" inputmode="numeric" aria-label="${t('home.numberLabel')}">
        </div>
      </fieldset>
      <fieldset id="range-fields">
        <legend>${t('lobby.ratingRange')}</legend>
        <label>${t('lobby.min')} <input id="min-rating" type="number" min="0" max="4000" step="1" aria-describedby="range-hint"></label>
        <label>${t('lobby.max')} <input id="max-rating" type="number" min="0" max="4000" step="1" aria-describedby="range-hint"></label>
        <p id="range-hint" class="hint">${t('lobby.rangeHint')}</p>
      </fieldset>
      <p id="seek-error" class="error" role="alert" hidden></p>
      <button id="create-seek" type="submit" class="primary"></button>
    </form>`;
  const form = box.querySelector<HTMLFormElement>('#seek-form')!;
  const $ = <T extends HTMLElement>(sel: string) => box.querySelector(sel) as T;
  const value = (name: string) => (form.elements.namedItem(name) as RadioNodeList).value;
  const read = () =>
    seekSpecOf({
      clock: value('clock'),
      days: $<HTMLSelectElement>('#corr-days').value,
      customMinutes: $<HTMLInputElement>('#custom-minutes').value,
      customIncrement: $<HTMLInputElement>('#custom-increment').value,
      rated: value('rated') === 'rated',
      color: value('color'),
      start: value('start'),
      number: $<HTMLInputElement>('#seek-number').value,
      minRating: $<HTMLInputElement>('#min-rating')?.value ?? '',
      maxRating: $<HTMLInputElement>('#max-rating')?.value ?? '',
      ...(to && { to }),
    });
  if (to) $('#range-fields').remove();
  $('#create-seek').textContent = to ? t('lobby.challengeSubmit', { name: to }) : t('lobby.submit');
  const showError = (text: string) => {
    $('#seek-error').hidden = !text;
    $('#seek-error').textContent = text;
  };

  // Which pool the chosen clock is rated in, and the player's rating there.
  function sync() {
    $('.custom-clock').hidden = value('clock') !== 'custom';
    $('.corr-days').hidden = value('clock') !== 'correspondence';
    $('.start-number').hidden = value('start') !== 'number';
    const spec = read();
    const hint = $('#clock-pool');
    if (!('spec' in spec)) {
      hint.textContent = '';
      return;
    }
    const { clock } = spec.spec;
    const pool = clock ? poolOfClock(clock.initial, clock.increment) : 'correspondence';
    const rating = mine?.ratings[pool];
    hint.textContent = rating ? t('lobby.poolRating', { pool: poolName(pool), rating: ratingText(rating) }) : poolName(pool);
  }
  let mine: Account | null = null;
  form.addEventListener('change', sync);
  form.addEventListener('input', sync);
  sync();
  void account.then(a => {
    mine = a;
    sync();
  });

  form.addEventListener('submit', async e => {
    e.preventDefault();
    showError('');
    const spec = read();
    if ('error' in spec) return showError(spec.error);
    const button = $<HTMLButtonElement>('#create-seek');
    button.disabled = true;
    try {
      created(await lobby.create(spec.spec));
    } catch (err) {
      showError((err as Error).message);
    }
    button.disabled = false;
    refresh();
  });
}
