// The gallery of worked examples: an "Examples" button in the toolbar opens a dialog listing them
// in course order, each with its title and one sentence; choosing one loads it as the project.
// The examples are the conformance suite's programs/gallery/ cases, bundled at build time
// (build.mjs, gallery-data.mjs), so the page shows the very programs whose output is checked
// against nvcc's.
//
// Loading replaces the project. When the project holds edits (it differs from the example it
// came from) the user confirms first; the loaded example is also what "Reset to the example"
// brings back (webcu.setExample). ?example=NAME on the page's URL opens one (issue 13's embeds and
// share links use the same name); a reload keeps the edits of the example the URL names.
import gallery from 'webcu:gallery';

const webcu = window.webcu;

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.substring(2), v);
    else if (v !== false && v != null) e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) e.append(c);
  return e;
}

function sameProject(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function findExample(name) {
  return gallery.find((e) => e.name === name) || null;
}

/** The names of the examples, in course order. */
export function exampleNames() {
  return gallery.map((e) => e.name);
}

/** Loads an example as the project; asks first when that would drop edits. True when loaded. */
export function loadExample(name, { confirmEdits = true } = {}) {
  const entry = findExample(name);
  if (!entry) return false;
  const edited = !sameProject(webcu.project(), webcu.exampleProject());
  if (confirmEdits && edited && !sameProject(webcu.project(), entry.project)
      && !window.confirm('Replace your edited files with the example "' + entry.title + '"? Your changes will be lost.')) {
    return false;
  }
  webcu.setExample(entry.name, entry.project);
  webcu.clearOutput();
  return true;
}

export function installGallery({ focusEditor }) {
  const toolbar = document.querySelector('section.editor .toolbar');
  const button = el('button', { type: 'button', id: 'examples', 'aria-haspopup': 'dialog', 'aria-controls': 'gallery', text: 'Examples' });
  // first in the toolbar: where a newcomer looks for something to run
  toolbar.prepend(button);

  const message = el('p', { id: 'gallery-message', class: 'gallery-message', hidden: true });
  const list = el('ol', { class: 'gallery-list', 'aria-labelledby': 'gallery-title' });
  const items = gallery.map((e, i) => el('li', {},
    el('button', { type: 'button', class: 'gallery-item', id: 'example-' + e.name, 'data-example': e.name,
      'aria-describedby': 'example-' + e.name + '-sentence', onclick: () => choose(e.name) },
    el('span', { class: 'gallery-title', text: (i + 1) + '. ' + e.title }),
    el('span', { class: 'gallery-sentence', id: 'example-' + e.name + '-sentence', text: e.sentence }))));
  list.append(...items);
  const dialog = el('dialog', { id: 'gallery', 'aria-labelledby': 'gallery-title' },
    el('h2', { id: 'gallery-title', text: 'Examples: a short course in CUDA' }),
    el('p', { class: 'gallery-intro', text: 'Each one runs on WebGPU and on the CPU emulator and prints what nvcc prints on an NVIDIA GPU. Choosing one replaces the files (you are asked first if you have edited them).' }),
    message, list,
    el('form', { method: 'dialog' }, el('button', { id: 'gallery-close', text: 'Close' })));
  document.body.append(dialog);

  // Up/Down (and Home/End) move between the examples; Enter or Space chooses, Esc closes.
  list.addEventListener('keydown', (ev) => {
    const buttons = [...list.querySelectorAll('.gallery-item')];
    const at = buttons.indexOf(document.activeElement);
    let next = null;
    if (ev.key === 'ArrowDown') next = Math.min(buttons.length - 1, at + 1);
    else if (ev.key === 'ArrowUp') next = Math.max(0, at - 1);
    else if (ev.key === 'Home') next = 0;
    else if (ev.key === 'End') next = buttons.length - 1;
    if (next === null) return;
    ev.preventDefault();
    buttons[next].focus();
  });

  function open(note) {
    message.textContent = note || '';
    message.hidden = !note;
    const current = webcu.exampleName();
    for (const b of list.querySelectorAll('.gallery-item')) {
      if (b.dataset.example === current) b.setAttribute('aria-current', 'true');
      else b.removeAttribute('aria-current');
    }
    if (!dialog.open) dialog.showModal();
    (list.querySelector('[aria-current="true"]') || list.querySelector('.gallery-item')).focus();
  }

  function choose(name) {
    if (!loadExample(name)) return;
    dialog.close();
    focusEditor();
  }

  button.addEventListener('click', () => open());

  // ?example=NAME: the URL asks for this example. A reload keeps the edits made to it; another
  // project (or another example) is replaced without asking, as following a link implies.
  const wanted = new URLSearchParams(window.location.search).get('example');
  if (wanted !== null) {
    if (!findExample(wanted)) {
      open('There is no example named "' + wanted + '": choose one below.');
    } else if (webcu.exampleName() !== wanted) {
      loadExample(wanted, { confirmEdits: false });
    }
  }
  return { open, load: loadExample, names: exampleNames };
}
