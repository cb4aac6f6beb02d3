// Module hooks for the unit tests: a relative import without an extension from a .ts file
// means the .ts file (as esbuild resolves it when bundling), and .ts files are compiled by
// esbuild's transform (types stripped, nothing bundled); .json files are modules whose default
// export is their value.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

export async function resolve(specifier, context, next) {
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  if (relative && context.parentURL?.endsWith('.ts') && !/\.([cm]?[jt]s|json)$/.test(specifier))
    return next(`${specifier}.ts`, context);
  return next(specifier, context);
}

export async function load(url, context, next) {
  // The page's data files (src/common/i18n/*.json), imported as esbuild bundles them: the default export.
  if (url.endsWith('.json') && url.startsWith('file:'))
    return { format: 'module', source: `export default ${await readFile(fileURLToPath(url), 'utf8')};`, shortCircuit: true };
  if (!url.endsWith('.ts')) return next(url, context);
  const path = fileURLToPath(url);
  const { code } = await transform(await readFile(path, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'es2022',
    sourcemap: 'inline',
    sourcefile: path,
  });
  return { format: 'module', source: code, shortCircuit: true };
}
