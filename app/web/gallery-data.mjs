// The page's gallery of worked examples, read at build time from the conformance suite's
// programs/gallery/ folder, so that the page shows exactly the programs whose output the suite
// checks against nvcc's (nothing is copied by hand). gallery.tsv there gives the order, the title
// and the sentence of each; NAME.cu is its source and NAME.run (optional) its arguments, standard
// input and -D/-I flags, in the suite's sidecar format (tests/conformance/README.md).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Words split as a POSIX shell splits them (the sidecar's args line). */
function shellWords(text) {
  const words = [];
  let word = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated quote in ' + text);
      word = (word ?? '') + text.substring(i + 1, end);
      i = end;
    } else if (c === '"') {
      word = word ?? '';
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1])) i++;
        word += text[i];
      }
      if (i >= text.length) throw new Error('unterminated quote in ' + text);
    } else if (c === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

function sidecar(dir, stem) {
  const path = join(dir, stem + '.run');
  const keys = {};
  if (!existsSync(path)) return keys;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const m = /^(\w+):\s?(.*)$/.exec(line);
    if (!m) throw new Error(path + ': cannot read the line ' + JSON.stringify(line));
    if (m[1] !== 'skip') keys[m[1]] = m[2].trim();
  }
  return keys;
}

/**
 * The gallery as [{name, title, sentence, project}], in course order. name is the file's stem
 * without its order number (02_vector_add.cu: vector_add), the name ?example=NAME uses; project is
 * what window.webcu.setProject takes. Throws on anything malformed, so that the build fails.
 */
export function readGallery(dir) {
  const entries = [];
  const index = readFileSync(join(dir, 'gallery.tsv'), 'utf8');
  for (const line of index.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const cols = line.split('\t');
    if (cols.length !== 3 || cols.some((c) => c.trim() === '')) {
      throw new Error(join(dir, 'gallery.tsv') + ': expected name, title and sentence separated by tabs: ' + JSON.stringify(line));
    }
    const [stem, title, sentence] = cols;
    const name = stem.replace(/^\d+_/, '');
    if (!/^[a-z0-9_]+$/.test(name) || entries.some((e) => e.name === name)) {
      throw new Error('gallery.tsv: bad or repeated example name ' + JSON.stringify(stem));
    }
    const run = sidecar(dir, stem);
    const flags = run.flags ? shellWords(run.flags) : [];
    const defines = [];
    const includeDirs = [];
    for (const f of flags) {
      let m;
      if ((m = /^-D([^=]+)(?:=(.*))?$/.exec(f))) defines.push({ name: m[1], value: m[2] ?? '1' });
      else if ((m = /^-I(.+)$/.exec(f))) includeDirs.push(m[1]);
      else throw new Error(stem + '.run: unsupported flag ' + f);
    }
    const files = [{ path: name + '.cu', text: readFileSync(join(dir, stem + '.cu'), 'utf8'), compile: true }];
    let stdin = null;
    if (run.stdin) {
      stdin = readFileSync(join(dir, run.stdin), 'utf8');
    }
    entries.push({
      name, title, sentence,
      project: { files, includeDirs, defines, args: run.args ? shellWords(run.args) : [], stdin },
    });
  }
  if (entries.length === 0) throw new Error(join(dir, 'gallery.tsv') + ' lists no example');
  return entries;
}
