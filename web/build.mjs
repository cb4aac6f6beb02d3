// Builds the page into dist/: app.js (our TypeScript and chessground, bundled by esbuild),
// app.css (chessground's base, board and piece styles, then ours) and index.html.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'dist');
mkdirSync(out, { recursive: true });

await build({
  entryPoints: [join(here, 'src/main.ts')],
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  outfile: join(out, 'app.js'),
  logLevel: 'warning',
});

const assets = join(here, 'node_modules/@lichess-org/chessground/assets');
const css = ['chessground.base.css', 'chessground.brown.css', 'chessground.cburnett.css']
  .map(name => readFileSync(join(assets, name), 'utf8'))
  .concat(readFileSync(join(here, 'src/style.css'), 'utf8'))
  .join('\n');
writeFileSync(join(out, 'app.css'), css);
copyFileSync(join(here, 'index.html'), join(out, 'index.html'));
console.log(`built ${out}`);
