// The single-page app: `/` is the start page, `/game/<id>` a game, `/analysis/<id>` its
// analysis board, `/help/castling` the castling help, `/event/new` creates an event and
// `/event/<id>` is an event's page; `/login` signs in or up, `/settings` is the account's,
// `/lobby` the seeks, `/player/<name>` a player's profile, `/db` the game database (its
// explorer, search and start positions; db/page.ts lists its query parameters) and `/puzzles`
// the puzzles (puzzle/page.ts lists its query parameters); any other path is a "not found" page
// (the server answers it with 404).

import { loginPage } from './account/login';
import { rememberWithAccount } from './account/session';
import { settingsPage } from './account/settings';
import { chooseLanguage, t } from './common/i18n';
import { loadPrefs } from './common/prefs';
import { setUpTheme } from './common/theme';
import { setUpTopBar } from './common/top-bar';
import { dbPage } from './db/page';
import { newEventPage } from './event/new';
import { eventPage } from './event/page';
import { helpPage } from './help/page';
import { homePage } from './home/page';
import { lobbyPage } from './lobby/page';
import { playerPage } from './player/page';
import { puzzlesPage } from './puzzle/page';
import { gamePage } from './round/page';

chooseLanguage(loadPrefs().lang);
setUpTopBar();
setUpTheme(theme => void rememberWithAccount({ theme }));
const root = document.getElementById('app')!;
const path = location.pathname;
const game = /^\/game\/([^/]+)\/?$/.exec(path);
const analysis = /^\/analysis\/([^/]+)\/?$/.exec(path);
const event = /^\/event\/([^/]+)\/?$/.exec(path);
const player = /^\/player\/([^/]+)\/?$/.exec(path);
const page = path.replace(/(.)\/$/, '$1');
if (game) void gamePage(root, decodeURIComponent(game[1]!));
else if (analysis) void gamePage(root, decodeURIComponent(analysis[1]!), { analysis: true });
else if (path === '/help/castling' || path === '/help/castling/') helpPage(root);
else if (path === '/event/new' || path === '/event/new/') newEventPage(root);
else if (event) void eventPage(root, decodeURIComponent(event[1]!));
else if (page === '/login') void loginPage(root);
else if (page === '/settings') void settingsPage(root);
else if (page === '/lobby') void lobbyPage(root);
else if (page === '/db') void dbPage(root);
else if (page === '/puzzles') void puzzlesPage(root);
else if (player) void playerPage(root, decodeURIComponent(player[1]!));
else if (path === '/' || path === '/index.html') homePage(root);
else notFound(root);

function notFound(root: HTMLElement) {
  document.title = `${t('notfound.title')} · chess960`;
  root.innerHTML = `<main class="home not-found"><section class="card"><h1></h1><p></p><p><a href="/"></a></p></section></main>`;
  root.querySelector('h1')!.textContent = t('notfound.heading');
  root.querySelector('p')!.textContent = t('notfound.text', { path });
  root.querySelector('a')!.textContent = t('notfound.link');
}
