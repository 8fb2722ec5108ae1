// node --test app/web (npm test): the build-time reader of the gallery.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readGallery } from './gallery-data.mjs';

const here = dirname(fileURLToPath(import.meta.url));

function folder(files) {
  const dir = mkdtempSync(join(tmpdir(), 'gallery-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

test('the suite gallery: at least 15 examples in order, sources as the files hold them', () => {
  const dir = join(here, '..', '..', 'tests', 'conformance', 'programs', 'gallery');
  const g = readGallery(dir);
  assert.ok(g.length >= 15, 'only ' + g.length + ' examples');
  assert.equal(g[0].name, 'hello_threads');
  for (const e of g) {
    assert.equal(e.project.files.length, 1);
    assert.equal(e.project.files[0].path, e.name + '.cu');
    assert.ok(e.title && e.sentence);
  }
});

test('a sidecar gives arguments, stdin and -D/-I flags; skip lines are the suite\'s business', () => {
  const dir = folder({
    'gallery.tsv': '# comment\n01_args\tArgs\tThey reach main.\n',
    '01_args.cu': 'int main() {}\n',
    '01_args.run': '# how to run\nargs: -n=3 "two words" \'x y\'\nflags: -DN=4 -DDEBUG -Iinclude\nstdin: in.txt\nskip: ^time.*\n',
    'in.txt': '1 2 3\n',
  });
  const [e] = readGallery(dir);
  assert.equal(e.name, 'args');
  assert.deepEqual(e.project.args, ['-n=3', 'two words', 'x y']);
  assert.deepEqual(e.project.defines, [{ name: 'N', value: '4' }, { name: 'DEBUG', value: '1' }]);
  assert.deepEqual(e.project.includeDirs, ['include']);
  assert.equal(e.project.stdin, '1 2 3\n');
});

test('malformed indexes fail the build', () => {
  assert.throws(() => readGallery(folder({ 'gallery.tsv': '01_a\tonly a title\n', '01_a.cu': '' })), /separated by tabs/);
  assert.throws(() => readGallery(folder({ 'gallery.tsv': '01_a\tA\tx\n02_a\tA again\ty\n', '01_a.cu': '', '02_a.cu': '' })), /repeated/);
  assert.throws(() => readGallery(folder({ 'gallery.tsv': '01_missing\tA\tx\n' })), /ENOENT/);
  assert.throws(() => readGallery(folder({ 'gallery.tsv': '# nothing\n' })), /lists no example/);
  assert.throws(() => readGallery(folder({ 'gallery.tsv': '01_a\tA\tx\n', '01_a.cu': '', '01_a.run': 'flags: -O3\n' })), /unsupported flag/);
});
