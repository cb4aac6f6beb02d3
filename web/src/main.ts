// The single-page app: `/` is the start page, `/game/<id>` a game, `/analysis/<id>` its
// analysis board, `/event/new` creates an event and `/event/<id>` is an event's page; any
// other path is a "not found" page (the server answers it with 404).

import { eventPage } from './event';
import { newEventPage } from './event-new';
import { gamePage } from './game';
import { homePage } from './home';
import { setUpTheme } from './theme';

setUpTheme();
const root = document.getElementById('app')!;
const path = location.pathname;
const game = /^\/game\/([^/]+)\/?$/.exec(path);
const analysis = /^\/analysis\/([^/]+)\/?$/.exec(path);
const event = /^\/event\/([^/]+)\/?$/.exec(path);
if (game) void gamePage(root, decodeURIComponent(game[1]!));
else if (analysis) void gamePage(root, decodeURIComponent(analysis[1]!), { analysis: true });
else if (path === '/event/new' || path === '/event/new/') newEventPage(root);
else if (event) void eventPage(root, decodeURIComponent(event[1]!));
else if (path === '/' || path === '/index.html') homePage(root);
else notFound(root);

function notFound(root: HTMLElement) {
  document.title = 'Not found · chess960';
  root.innerHTML = `<main class="home not-found"><section class="card"><h1>Nothing here</h1>
    <p>There is no page at <code></code>.</p><p><a href="/">Start a game</a></p></section></main>`;
  root.querySelector('code')!.textContent = path;
}
