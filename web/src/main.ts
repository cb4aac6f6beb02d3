// The single-page app: `/` is the start page, `/game/<id>` a game.

import { gamePage } from './game';
import { homePage } from './home';

const root = document.getElementById('app')!;
const match = /^\/game\/([^/]+)\/?$/.exec(location.pathname);
if (match) void gamePage(root, decodeURIComponent(match[1]!));
else homePage(root);
