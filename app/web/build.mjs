// Bundles the page's editor and terminal (src/ui.js and its npm dependencies) into
// OUT/webcu-ui.js and OUT/webcu-ui.css, minified, for the packager to ship in dist/.
// Usage: node build.mjs OUT   (the app module's Maven build runs it; see app/README.md)
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readGallery } from './gallery-data.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] || join(here, '..', 'target', 'web');
mkdirSync(out, { recursive: true });

// The gallery's examples come from the conformance suite's files (gallery-data.mjs), as the
// module webcu:gallery that src/gallery.js imports.
const galleryDir = join(here, '..', '..', 'tests', 'conformance', 'programs', 'gallery');
const galleryPlugin = {
  name: 'webcu-gallery',
  setup(b) {
    b.onResolve({ filter: /^webcu:gallery$/ }, () => ({ path: 'gallery', namespace: 'webcu-gallery' }));
    b.onLoad({ filter: /.*/, namespace: 'webcu-gallery' }, () => ({
      contents: 'export default ' + JSON.stringify(readGallery(galleryDir)) + ';',
      loader: 'js',
      watchDirs: [galleryDir],
    }));
  },
};

await build({
  entryPoints: [join(here, 'src', 'ui.js')],
  plugins: [galleryPlugin],
  outfile: join(out, 'webcu-ui.js'),
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2020'],
  legalComments: 'none',
  logLevel: 'warning',
});

// xterm's own stylesheet first, so that the page's rules win where both style one thing
const css = [
  readFileSync(join(here, 'node_modules', '@xterm', 'xterm', 'css', 'xterm.css'), 'utf8'),
  readFileSync(join(here, 'src', 'ui.css'), 'utf8'),
  readFileSync(join(here, 'src', 'gallery.css'), 'utf8'),
  readFileSync(join(here, 'src', 'views.css'), 'utf8'),
  // share links, the embed's compact layout, the update notice
  readFileSync(join(here, 'src', 'web.css'), 'utf8'),
].join('\n');
const min = await build({ stdin: { contents: css, loader: 'css' }, minify: true, write: false, logLevel: 'warning' });
writeFileSync(join(out, 'webcu-ui.css'), min.outputFiles[0].text);
