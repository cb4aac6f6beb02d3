// `node --import ./test/register.mjs --test ...`: lets the tests import the page's TypeScript
// sources (src/**/*.ts) directly, compiled on load by esbuild (already the page's bundler).
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
