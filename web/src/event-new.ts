// The page that creates an event (/event/new): its published parameters, then the event's page
// with the organiser's token kept in this browser.

import { eventApi, saveOrganiserToken } from './event-api';
import { parseExclusions } from './event-model';

export function newEventPage(root: HTMLElement): void {
  root.innerHTML = `
    <main class="event-page">
      <section class="card" aria-labelledby="new-event-title">
        <h1 id="new-event-title">Organise a Chess960 event</h1>
        <p class="muted">The server draws one start position per round from a secret it commits to now:
          the event's page publishes the commitment at once, each round's position appears to everyone at the
          time you set, and after the event the secret lets anyone check every draw
          (the derivation is in <code>docs/event-draw.md</code>; <code>chess960 event verify</code> checks it).</p>
        <form id="new-event" novalidate>
          <div class="field">
            <label for="event-name">Name of the event</label>
            <input id="event-name" name="name" required maxlength="200" autocomplete="off">
            <p class="hint">Exactly as you publish it: the draw depends on every character.</p>
          </div>
          <div class="field">
            <label for="event-rounds">Rounds</label>
            <input id="event-rounds" name="rounds" type="number" min="1" max="960" value="5" required>
          </div>
          <div class="field">
            <label for="event-exclude">Excluded start positions</label>
            <input id="event-exclude" name="exclude" value="518" aria-describedby="exclude-hint">
            <p class="hint" id="exclude-hint">Numbers 0–959, separated by commas (518 is ordinary chess; 534 is often excluded too).</p>
          </div>
          <div class="field">
            <label><input id="event-repeats" type="checkbox"> A position may come again in a later round</label>
            <label><input id="event-double" type="checkbox"> Double Chess960 (each side's back rank drawn on its own)</label>
          </div>
          <div class="field">
            <label for="event-clock">Time control</label>
            <select id="event-clock">
              <option value="">No clock</option>
              <option value="180+2">3 min + 2 s</option>
              <option value="600+5">10 min + 5 s</option>
              <option value="900+10" selected>15 min + 10 s</option>
              <option value="1800+20">30 min + 20 s</option>
              <option value="5400+30">90 min + 30 s</option>
            </select>
          </div>
          <p id="new-event-error" class="error" role="alert" hidden></p>
          <button id="create-event" type="submit" class="primary">Create the event</button>
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
      ? 'Give the event a name.'
      : !Number.isInteger(rounds) || rounds < 1 || rounds > 960
        ? 'The number of rounds must be from 1 to 960.'
        : 'error' in exclusions
          ? exclusions.error
          : null;
    if (problem || 'error' in exclusions) {
      error.textContent = problem ?? '';
      error.hidden = false;
      return;
    }
    const clock = $<HTMLSelectElement>('#event-clock').value;
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
