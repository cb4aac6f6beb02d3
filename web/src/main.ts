// The single-page app: `/` is the start page, `/game/<id>` a game, `/event/new` creates an event
// and `/event/<id>` is an event's page.

import { eventPage } from './event';
import { newEventPage } from './event-new';
import { gamePage } from './game';
import { homePage } from './home';

const root = document.getElementById('app')!;
const path = location.pathname;
const game = /^\/game\/([^/]+)\/?$/.exec(path);
const event = /^\/event\/([^/]+)\/?$/.exec(path);
if (game) void gamePage(root, decodeURIComponent(game[1]!));
else if (path === '/event/new' || path === '/event/new/') newEventPage(root);
else if (event) void eventPage(root, decodeURIComponent(event[1]!));
else homePage(root);
