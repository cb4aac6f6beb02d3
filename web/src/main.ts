// The single-page app: `/` is the start page, `/game/<id>` a game, `/analysis/<id>` its
// analysis board, `/help/castling` the castling help, `/event/new` creates an event and
// `/event/<id>` is an event's page; any other path is a "not found" page (the server answers
// it with 404).

import { chooseLanguage, LANGUAGES, type Lang, language, t } from './common/i18n';
import { loadPrefs, savePrefs } from './common/prefs';
import { setUpTheme } from './common/theme';
import { el } from './common/ui';
import { newEventPage } from './event/new';
import { eventPage } from './event/page';
import { helpPage } from './help/page';
import { homePage } from './home/page';
import { gamePage } from './round/page';

chooseLanguage(loadPrefs().lang);
setUpTopBar();
setUpTheme();
const root = document.getElementById('app')!;
const path = location.pathname;
const game = /^\/game\/([^/]+)\/?$/.exec(path);
const analysis = /^\/analysis\/([^/]+)\/?$/.exec(path);
const event = /^\/event\/([^/]+)\/?$/.exec(path);
if (game) void gamePage(root, decodeURIComponent(game[1]!));
else if (analysis) void gamePage(root, decodeURIComponent(analysis[1]!), { analysis: true });
else if (path === '/help/castling' || path === '/help/castling/') helpPage(root);
else if (path === '/event/new' || path === '/event/new/') newEventPage(root);
else if (event) void eventPage(root, decodeURIComponent(event[1]!));
else if (path === '/' || path === '/index.html') homePage(root);
else notFound(root);

// The top bar in the page's language: the tagline, the castling help, and the language
// switch (remembered; the page is drawn again in the new language).
function setUpTopBar() {
  const bar = document.querySelector('.top-bar');
  if (!bar) return;
  const tagline = bar.querySelector('.tagline');
  if (tagline) tagline.textContent = t('top.tagline');
  bar.append(el('a', { href: '/help/castling', class: 'top-help', id: 'top-help' }, t('top.help')));
  const label = el('label', { class: 'lang-switch' });
  const select = el('select', { id: 'lang-switch', 'aria-label': t('language.label') });
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = el('option', { value: code, lang: code }, name);
    if (code === language()) option.selected = true;
    select.append(option);
  }
  select.onchange = () => {
    savePrefs({ lang: select.value as Lang });
    location.reload();
  };
  label.append(select);
  bar.append(label);
}

function notFound(root: HTMLElement) {
  document.title = `${t('notfound.title')} · chess960`;
  root.innerHTML = `<main class="home not-found"><section class="card"><h1></h1><p></p><p><a href="/"></a></p></section></main>`;
  root.querySelector('h1')!.textContent = t('notfound.heading');
  root.querySelector('p')!.textContent = t('notfound.text', { path });
  root.querySelector('a')!.textContent = t('notfound.link');
}
