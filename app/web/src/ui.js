// The playground's editor and terminal, attached as a view to the page script (assets/webcu-page.js),
// which keeps the project, runs it and keeps the output. This module only shows and edits: a
// CodeMirror 6 editor with a tab per file, the settings of a run, the compiler's diagnostics as
// underlines and a list, and an xterm.js terminal for the output. Bundled by esbuild (build.mjs).
import { EditorState } from '@codemirror/state';
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars,
  drawSelection, MatchDecorator, ViewPlugin, Decoration,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, indentOnInput, syntaxHighlighting, HighlightStyle, foldGutter, foldKeymap } from '@codemirror/language';
import { cpp, cppLanguage } from '@codemirror/lang-cpp';
import { setDiagnostics, lintGutter, forEachDiagnostic, lintKeymap } from '@codemirror/lint';
import { search, searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { autocompletion, completionKeymap, completeFromList } from '@codemirror/autocomplete';
import { tags } from '@lezer/highlight';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { ImageAddon } from '@xterm/addon-image';
import { installGallery } from './gallery.js';
import { CodeViews } from './views.js';
import { ResultPanels } from './panels.js';
import { projectInFragment, installShareButtons } from './share.js';
import { embedOptions, Embed } from './embed.js';

const webcu = window.webcu;
const UI_KEY = 'webcu.ui.v1';
const THEME_KEY = 'webcu.theme';
// embed.html: settings come from its URL, and nothing of the visitor's own playground is touched
const EMBEDDED = document.documentElement.hasAttribute('data-embed');

// ------------------------------------------------------------------ small helpers

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.substring(2), v);
    else if (v === true) e.setAttribute(k, '');
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function loadUiState() {
  try {
    return JSON.parse(localStorage.getItem(UI_KEY)) || {};
  } catch (e) {
    return {};
  }
}

function saveUiState(s) {
  try {
    localStorage.setItem(UI_KEY, JSON.stringify(s));
  } catch (e) {
    // no storage: the page works without remembering the tab
  }
}

const CODE_FILE = /\.(cu|cuh|h|hpp|hh|cpp|cc|cxx|c|inl)$/i;
const COMPILED_FILE = /\.(cu|cpp|cc|cxx|c)$/i;

/** Command-line words as a POSIX shell splits them: blanks separate, quotes and backslashes group. */
export function splitArgs(text) {
  const words = [];
  let word = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      const stop = end < 0 ? text.length : end;
      word = (word ?? '') + text.substring(i + 1, stop);
      i = stop;
    } else if (c === '"') {
      word = word ?? '';
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1])) i++;
        word += text[i];
      }
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

function quoteArg(a) {
  return a !== '' && /^[\w@%+=:,./-]+$/.test(a) ? a : "'" + a.replace(/'/g, "'\\''") + "'";
}

// ------------------------------------------------------------------ editor: CUDA on top of C++

// lang-cpp parses CUDA's qualifiers and builtins as plain identifiers; these marks colour them.
const CUDA_KEYWORDS = ['__global__', '__device__', '__host__', '__shared__', '__constant__', '__managed__',
  '__restrict__', '__forceinline__', '__noinline__', '__launch_bounds__', '__grid_constant__'];
const CUDA_BUILTINS = ['threadIdx', 'blockIdx', 'blockDim', 'gridDim', 'warpSize', 'dim3',
  '__syncthreads', '__syncthreads_count', '__syncthreads_and', '__syncthreads_or', '__syncwarp', '__threadfence',
  '__threadfence_block', 'atomicAdd', 'atomicSub', 'atomicExch', 'atomicMin', 'atomicMax', 'atomicInc',
  'atomicDec', 'atomicCAS', 'atomicAnd', 'atomicOr', 'atomicXor', '__shfl_sync', '__shfl_up_sync',
  '__shfl_down_sync', '__shfl_xor_sync', '__ballot_sync', '__any_sync', '__all_sync', '__activemask',
  '__popc', '__clz', '__ffs', '__ldg', '__fmaf_rn', '__fmul_rn', '__fadd_rn', '__expf', '__logf', '__sinf', '__cosf',
  'cudaMalloc', 'cudaMallocManaged', 'cudaMallocHost', 'cudaFree', 'cudaFreeHost', 'cudaMemcpy', 'cudaMemcpyAsync',
  'cudaMemset', 'cudaMemcpyToSymbol', 'cudaMemcpyFromSymbol', 'cudaDeviceSynchronize', 'cudaGetLastError',
  'cudaPeekAtLastError', 'cudaGetErrorString', 'cudaGetDeviceProperties', 'cudaGetDeviceCount', 'cudaSetDevice',
  'cudaEventCreate', 'cudaEventRecord', 'cudaEventSynchronize', 'cudaEventElapsedTime', 'cudaEventDestroy',
  'cudaStreamCreate', 'cudaStreamSynchronize', 'cudaStreamDestroy', 'cudaMemcpyHostToDevice',
  'cudaMemcpyDeviceToHost', 'cudaMemcpyDeviceToDevice', 'cudaSuccess', 'cudaError_t', 'cudaDeviceProp'];

function wordDecorator(words, cls) {
  const deco = Decoration.mark({ class: cls });
  const matcher = new MatchDecorator({ regexp: new RegExp('\\b(?:' + words.join('|') + ')\\b', 'g'), decoration: () => deco });
  return ViewPlugin.define((view) => ({
    decorations: matcher.createDeco(view),
    update(u) { this.decorations = matcher.updateDeco(u, this.decorations); },
  }), { decorations: (v) => v.decorations });
}

function launchDecorator() {
  const deco = Decoration.mark({ class: 'cm-cuda-launch' });
  const matcher = new MatchDecorator({ regexp: /<<<|>>>/g, decoration: () => deco });
  return ViewPlugin.define((view) => ({
    decorations: matcher.createDeco(view),
    update(u) { this.decorations = matcher.updateDeco(u, this.decorations); },
  }), { decorations: (v) => v.decorations });
}

// Colours are CSS variables (ui.css) so that both themes meet WCAG AA against their background.
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword, tags.modifier, tags.definitionKeyword], color: 'var(--syn-keyword)' },
  { tag: [tags.typeName, tags.standard(tags.typeName)], color: 'var(--syn-type)' },
  { tag: [tags.string, tags.character, tags.special(tags.string)], color: 'var(--syn-string)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--syn-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--syn-comment)', fontStyle: 'italic' },
  { tag: [tags.processingInstruction, tags.macroName, tags.meta], color: 'var(--syn-macro)' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: 'var(--syn-function)' },
]);

const cudaCompletions = cppLanguage.data.of({
  autocomplete: completeFromList([
    ...CUDA_KEYWORDS.map((label) => ({ label, type: 'keyword' })),
    ...CUDA_BUILTINS.map((label) => ({ label, type: /^cuda[A-Z]|^atomic|^__/.test(label) ? 'function' : 'variable' })),
  ]),
});

// ------------------------------------------------------------------ the view

class Playground {
  constructor() {
    this.project = webcu.project();
    this.states = [];                 // one EditorState per file, in project order
    this.ui = loadUiState();
    this.active = Math.min(this.ui.active | 0, this.project.files.length - 1);
    this.pending = [];                // terminal writes not yet flushed
    this.flushing = false;
    this.build();
    this.loadStates();
    this.showFile(this.active, false);
    this.showSettings();
    webcu.attachView(this);
  }

  // ---------------------------------------------------------------- layout

  build() {
    const editorSection = document.querySelector('section.editor');
    const resultsSection = document.querySelector('section.results');
    const toolbar = editorSection.querySelector('.toolbar');
    const source = document.getElementById('source');
    const output = document.getElementById('output');
    const status = document.getElementById('status');

    // header: theme and help
    const tools = document.getElementById('header-tools');
    this.themeButton = el('button', { type: 'button', id: 'theme', onclick: () => this.cycleTheme() });
    tools.append(this.themeButton,
      el('button', { type: 'button', id: 'help-button', 'aria-haspopup': 'dialog', onclick: () => this.openHelp(), text: 'Help' }));
    this.applyTheme(EMBEDDED ? document.documentElement.getAttribute('data-theme') || 'auto' : localStorage.getItem(THEME_KEY) || 'auto');

    // arguments beside Run: what users change most between runs
    this.argsInput = el('input', { id: 'args', type: 'text', spellcheck: 'false', autocomplete: 'off',
      placeholder: 'arguments', 'aria-label': 'Program arguments' });
    this.argsInput.addEventListener('input', () => this.settingsChanged());
    toolbar.append(el('label', { for: 'args', class: 'args-label', text: 'Args' }), this.argsInput);

    // file tabs and the active file's actions
    this.tabList = el('div', { class: 'file-tabs', role: 'tablist', 'aria-label': 'Files' });
    this.tabList.addEventListener('keydown', (e) => this.tabKey(e));
    this.compileBox = el('input', { type: 'checkbox', id: 'compile-file' });
    this.compileBox.addEventListener('change', () => this.setCompiled(this.compileBox.checked));
    const fileBar = el('div', { class: 'filebar' },
      this.tabList,
      el('button', { type: 'button', id: 'add-file', class: 'icon', title: 'Add a file', 'aria-label': 'Add a file', onclick: () => this.addFile(), text: '+' }),
      el('span', { class: 'file-actions' },
        el('label', { class: 'check' }, this.compileBox, ' compile'),
        el('button', { type: 'button', id: 'rename-file', onclick: () => this.renameFile(), text: 'Rename' }),
        el('button', { type: 'button', id: 'delete-file', onclick: () => this.deleteFile(), text: 'Delete' })));

    this.editorHost = el('div', { id: 'editor', class: 'editor-host', role: 'tabpanel' });
    this.view = new EditorView({ parent: this.editorHost });

    // settings: include folders, macros, standard input, reset
    this.includeInput = el('input', { id: 'include-dirs', type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder: 'include  lib/include' });
    this.definesInput = el('input', { id: 'defines', type: 'text', spellcheck: 'false', autocomplete: 'off', placeholder: 'N=64  DEBUG' });
    this.stdinInput = el('textarea', { id: 'stdin', rows: '3', spellcheck: 'false', placeholder: 'what the program reads from stdin' });
    for (const i of [this.includeInput, this.definesInput, this.stdinInput]) i.addEventListener('input', () => this.settingsChanged());
    const settings = el('details', { class: 'settings', id: 'settings' },
      el('summary', { text: 'Settings: include folders, macros (-D), standard input' }),
      el('div', { class: 'settings-grid' },
        el('label', { for: 'include-dirs', text: 'Include folders (-I)' }), this.includeInput,
        el('label', { for: 'defines', text: 'Macros (-D)' }), this.definesInput,
        el('label', { for: 'stdin', text: 'Standard input' }), this.stdinInput),
      el('button', { type: 'button', id: 'reset-project', onclick: () => this.resetProject(), text: 'Reset to the example' }));

    this.diagList = el('ul', { id: 'diagnostics', class: 'diagnostics', 'aria-label': 'Compiler diagnostics' });
    this.diagPanel = el('div', { class: 'diagnostics-panel', hidden: true }, this.diagList);

    source.hidden = true;
    editorSection.append(fileBar, this.editorHost, this.diagPanel, settings);

    // results: a tab strip (Output now; the generated code and the launches later), the status, the terminal
    const copy = el('button', { type: 'button', id: 'copy-output', onclick: () => this.copyOutput(), text: 'Copy' });
    const clear = el('button', { type: 'button', id: 'clear-output', onclick: () => webcu.clearOutput(), text: 'Clear' });
    this.viewTabs = el('div', { class: 'view-tabs', role: 'tablist', 'aria-label': 'Results' },
      el('button', { type: 'button', role: 'tab', id: 'tab-output', 'aria-selected': 'true', 'aria-controls': 'terminal', text: 'Output' }));
    resultsSection.insertBefore(el('div', { class: 'results-bar' }, this.viewTabs, el('span', { class: 'spacer' }), copy, clear), status);
    this.terminalHost = el('div', { id: 'terminal', role: 'tabpanel', 'aria-labelledby': 'tab-output', tabindex: '-1' });
    output.hidden = true;
    resultsSection.append(this.terminalHost);
    this.openTerminal();
    this.codeViews = new CodeViews(this, this.viewTabs, resultsSection, highlight);
    this.resultPanels = new ResultPanels(this.viewTabs, resultsSection);

    this.help = el('dialog', { id: 'help', 'aria-labelledby': 'help-title' },
      el('h2', { id: 'help-title', text: 'Keyboard shortcuts' }),
      el('dl', {}, ...[
        ['Ctrl+Enter (⌘+Enter)', 'Run'], ['Esc', 'Stop the running program'], ['Ctrl+F', 'Find and replace in the file'],
        ['Ctrl+Space', 'Complete a name'], ['Ctrl+Shift+M', 'Open the diagnostics at the cursor'],
        ['← → on the file tabs', 'Switch files'], ['← → on the result tabs', 'Output, Launches, Device'], ['Tab / Shift+Tab', 'Move between controls (Esc first inside the completion list)'],
        ['F1', 'This help'],
      ].flatMap(([k, v]) => [el('dt', {}, el('kbd', { text: k })), el('dd', { text: v })])),
      el('form', { method: 'dialog' }, el('button', { id: 'help-close', text: 'Close' })));
    document.body.append(this.help);
    document.addEventListener('keydown', (e) => {
      if (e.key === 'F1') {
        e.preventDefault();
        this.openHelp();
      }
    });
  }

  // ---------------------------------------------------------------- theme and help

  applyTheme(theme) {
    this.theme = theme;
    if (theme === 'auto') document.documentElement.removeAttribute('data-theme');
    else document.documentElement.setAttribute('data-theme', theme);
    this.themeButton.textContent = 'Theme: ' + theme;
    this.themeButton.setAttribute('aria-label', 'Colour theme: ' + theme + ' (press to change)');
    try {
      if (!EMBEDDED) localStorage.setItem(THEME_KEY, theme);
    } catch (e) {
      // not remembered
    }
    if (this.term) this.term.options.theme = this.terminalTheme();
  }

  cycleTheme() {
    this.applyTheme({ auto: 'light', light: 'dark', dark: 'auto' }[this.theme] || 'auto');
  }

  openHelp() {
    if (!this.help.open) this.help.showModal();
  }

  // ---------------------------------------------------------------- files

  extensionsFor(path) {
    const common = [
      lineNumbers(), highlightActiveLineGutter(), highlightSpecialChars(), history(), foldGutter(), drawSelection(),
      indentOnInput(), bracketMatching(), highlightActiveLine(), highlightSelectionMatches(), search({ top: true }),
      lintGutter(),
      keymap.of([
        // run from the editor without inserting a line (the page also listens, for focus elsewhere)
        { key: 'Mod-Enter', run: () => { webcu.run(); return true; } },
        ...searchKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap, ...defaultKeymap,
      ]),
      // tabindex: axe does not count contenteditable as focusable, and a file longer than the
      // editor makes its scroller a region that keyboard users must be able to reach
      EditorView.contentAttributes.of({ 'aria-label': 'Source of ' + path, tabindex: '0' }),
      // an embed's ?readOnly: shown, selectable, not editable
      document.documentElement.hasAttribute('data-read-only') ? EditorState.readOnly.of(true) : [],
      EditorView.updateListener.of((u) => { if (u.docChanged) this.edited(u.state); }),
      this.codeViews.editorExtension(),
    ];
    if (CODE_FILE.test(path)) {
      return [common, cpp(), cudaCompletions, autocompletion(), syntaxHighlighting(highlight),
        wordDecorator(CUDA_KEYWORDS, 'cm-cuda-keyword'), wordDecorator(CUDA_BUILTINS, 'cm-cuda-builtin'), launchDecorator()];
    }
    return common;
  }

  loadStates() {
    this.states = this.project.files.map((f) => EditorState.create({ doc: f.text, extensions: this.extensionsFor(f.path) }));
  }

  edited(state) {
    const i = this.active;
    this.states[i] = state;
    this.project.files[i].text = state.doc.toString();
    webcu.updateProject(this.project);
  }

  renderTabs() {
    this.tabList.replaceChildren(...this.project.files.map((f, i) => {
      const tab = el('button', {
        type: 'button', role: 'tab', id: 'file-tab-' + i, class: 'file-tab' + (f.compile ? ' compiled' : ''),
        'aria-selected': i === this.active ? 'true' : 'false', 'aria-controls': 'editor',
        tabindex: i === this.active ? '0' : '-1', 'data-path': f.path,
        title: f.compile ? f.path + ' (compiled)' : f.path + ' (not compiled: included or read by the program)',
        onclick: () => this.showFile(i, true),
      }, f.path);
      return tab;
    }));
    this.editorHost.setAttribute('aria-labelledby', 'file-tab-' + this.active);
    this.compileBox.checked = this.project.files[this.active].compile;
  }

  tabKey(e) {
    const n = this.project.files.length;
    let next = null;
    if (e.key === 'ArrowRight') next = (this.active + 1) % n;
    else if (e.key === 'ArrowLeft') next = (this.active + n - 1) % n;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    if (next === null) return;
    e.preventDefault();
    this.showFile(next, false);
    document.getElementById('file-tab-' + next).focus();
  }

  showFile(i, focus) {
    if (this.view.state && this.states[this.active] && this.view.state.doc === this.states[this.active].doc) {
      this.states[this.active] = this.view.state;
    }
    this.active = i;
    this.view.setState(this.states[i]);
    this.renderTabs();
    this.ui.active = i;
    saveUiState(this.ui);
    if (focus) this.view.focus();
  }

  commit() {
    try {
      webcu.setProject(this.project);
      return true;
    } catch (e) {
      alert(e.message);
      this.project = webcu.project();
      this.loadStates();
      this.showFile(Math.min(this.active, this.project.files.length - 1), false);
      return false;
    }
  }

  askName(question, initial) {
    const name = (prompt(question, initial) || '').trim();
    if (!name) return null;
    if (!/^[\w.+-]+(\/[\w.+-]+)*$/.test(name) || name.split('/').includes('..')) {
      alert('A file name may hold letters, digits, _ . + - and / between folder names.');
      return null;
    }
    if (this.project.files.some((f) => f.path === name)) {
      alert('There is already a file named ' + name + '.');
      return null;
    }
    return name;
  }

  addFile() {
    const name = this.askName('Name of the new file (.cu, .cuh, .h, .cpp, .c, or a data file such as input.txt):', 'kernels.cuh');
    if (!name) return;
    this.syncActive();
    this.project.files.push({ path: name, text: '', compile: COMPILED_FILE.test(name) });
    this.states.push(EditorState.create({ doc: '', extensions: this.extensionsFor(name) }));
    this.active = this.project.files.length - 1;
    this.commitFiles();
  }

  renameFile() {
    const f = this.project.files[this.active];
    const name = this.askName('New name of ' + f.path + ':', f.path);
    if (!name) return;
    this.syncActive();
    f.path = name;
    this.states[this.active] = EditorState.create({ doc: f.text, extensions: this.extensionsFor(name) });
    this.commitFiles();
  }

  deleteFile() {
    const f = this.project.files[this.active];
    if (this.project.files.length === 1 || !confirm('Delete ' + f.path + '?')) return;
    const others = this.project.files.filter((g, i) => i !== this.active);
    if (!others.some((g) => g.compile)) {
      alert('Keep at least one file to compile.');
      return;
    }
    this.syncActive();
    this.project.files.splice(this.active, 1);
    this.states.splice(this.active, 1);
    this.active = Math.max(0, this.active - 1);
    this.commitFiles();
  }

  setCompiled(on) {
    const f = this.project.files[this.active];
    if (!on && !this.project.files.some((g, i) => i !== this.active && g.compile)) {
      this.compileBox.checked = true;
      alert('Keep at least one file to compile.');
      return;
    }
    f.compile = on;
    this.syncActive();
    this.commitFiles();
  }

  syncActive() {
    this.states[this.active] = this.view.state;
    this.project.files[this.active].text = this.view.state.doc.toString();
  }

  // files added, renamed, deleted or (un)marked: the page takes the project; the editor keeps its states
  commitFiles() {
    this.selfChange = true;
    const ok = this.commit();
    this.selfChange = false;
    if (ok) this.showFile(this.active, true);
  }

  // ---------------------------------------------------------------- settings

  showSettings() {
    this.argsInput.value = this.project.args.map(quoteArg).join(' ');
    this.includeInput.value = this.project.includeDirs.join(' ');
    this.definesInput.value = this.project.defines.map((d) => d.value === '1' ? d.name : d.name + '=' + d.value).join(' ');
    this.stdinInput.value = this.project.stdin ?? '';
  }

  settingsChanged() {
    this.project.args = splitArgs(this.argsInput.value);
    this.project.includeDirs = splitArgs(this.includeInput.value);
    this.project.defines = splitArgs(this.definesInput.value).map((w) => {
      const eq = w.indexOf('=');
      return eq < 0 ? { name: w, value: '1' } : { name: w.substring(0, eq), value: w.substring(eq + 1) };
    });
    this.project.stdin = this.stdinInput.value === '' ? null : this.stdinInput.value;
    webcu.updateProject(this.project);
  }

  resetProject() {
    if (confirm('Replace every file and setting with the example?')) webcu.resetProject();
  }

  // the page's calls: setProject from outside (tests, embedding) or a reset
  projectChanged(p) {
    if (this.selfChange) return;
    this.project = p;
    this.loadStates();
    this.active = Math.min(this.active, p.files.length - 1);
    this.view.setState(this.states[this.active]);
    this.renderTabs();
    this.showSettings();
    this.showDiagnostics([]);
  }

  // ---------------------------------------------------------------- diagnostics

  fileIndex(file) {
    if (!file) return -1;
    const files = this.project.files;
    let i = files.findIndex((f) => f.path === file);
    if (i < 0) i = files.findIndex((f) => f.path.endsWith('/' + file) || file.endsWith('/' + f.path));
    return i;
  }

  place(state, d) {
    const doc = state.doc;
    const line = doc.line(Math.min(Math.max(1, d.line), doc.lines));
    const from = Math.min(line.from + Math.max(0, d.column - 1), line.to);
    const to = Math.min(from + Math.max(1, d.length), line.to);
    return { from, to: Math.max(from, to) };
  }

  diagnostics(list) {
    this.showDiagnostics(list);
  }

  showDiagnostics(list) {
    this.syncActive();
    const perFile = this.project.files.map(() => []);
    const items = [];
    const add = (d, parent) => {
      const i = this.fileIndex(d.file);
      const severity = d.severity === 'note' ? 'info' : d.severity;
      if (i >= 0 && d.line > 0) {
        const { from, to } = this.place(this.states[i], d);
        const note = parent ? 'note: ' : '';
        perFile[i].push({ from, to, severity, message: note + d.message, source: 'webcu' });
      }
      items.push({ d, i });
    };
    for (const d of list) {
      add(d, null);
      for (const n of d.notes || []) add(n, d);
    }
    this.states = this.states.map((s, i) => s.update(setDiagnostics(s, perFile[i])).state);
    this.view.setState(this.states[this.active]);

    this.diagList.replaceChildren(...items.map(({ d, i }) => {
      const where = d.line > 0 ? `${d.file}:${d.line}:${d.column}: ` : '';
      const text = `${where}${d.severity}: ${d.message}`;
      const li = el('li', { class: 'diag-' + d.severity });
      if (i >= 0 && d.line > 0) {
        li.append(el('button', { type: 'button', class: 'diag-link', onclick: () => this.goTo(i, d), text }));
      } else {
        li.append(el('span', { text }));
      }
      return li;
    }));
    this.diagPanel.hidden = items.length === 0;
    // a failed compile shows the file of its first error
    const first = items.find(({ d, i }) => d.severity === 'error' && i >= 0 && d.line > 0);
    if (first && first.i !== this.active) this.showFile(first.i, false);
  }

  goTo(i, d) {
    this.showFile(i, false);
    const { from } = this.place(this.view.state, d);
    this.view.dispatch({ selection: { anchor: from }, scrollIntoView: true });
    this.view.focus();
  }

  /** Every lint mark in every file: [{file, line, column, severity, message}] (tests). */
  lintMarks() {
    this.syncActive();
    const marks = [];
    this.states.forEach((s, i) => forEachDiagnostic(s, (d, from) => {
      const line = s.doc.lineAt(from);
      marks.push({ file: this.project.files[i].path, line: line.number, column: from - line.from + 1, severity: d.severity, message: d.message });
    }));
    return marks;
  }

  // ---------------------------------------------------------------- terminal

  terminalTheme() {
    const css = getComputedStyle(document.documentElement);
    const v = (name) => css.getPropertyValue(name).trim();
    return {
      background: v('--panel'), foreground: v('--fg'), cursor: v('--panel'), selectionBackground: v('--selection'),
      red: v('--err'), brightRed: v('--err'), green: v('--accent'), brightGreen: v('--accent'), brightBlack: v('--muted'),
    };
  }

  openTerminal() {
    this.term = new Terminal({
      convertEol: true, scrollback: 100000, disableStdin: true, cursorBlink: false, cursorInactiveStyle: 'none',
      fontFamily: 'ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace', fontSize: 13,
      theme: this.terminalTheme(), allowProposedApi: true,
    });
    this.fit = new FitAddon();
    this.term.loadAddon(this.fit);
    this.term.loadAddon(new ImageAddon());
    this.term.open(this.terminalHost);
    const refit = () => {
      try {
        this.fit.fit();
      } catch (e) {
        // hidden or not laid out yet
      }
    };
    new ResizeObserver(refit).observe(this.terminalHost);
    refit();
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => { this.term.options.theme = this.terminalTheme(); });
  }

  // Output arrives in many pieces; the terminal takes them in one write per frame, so a program
  // printing 100k lines does not queue 100k writes.
  output(stream, text) {
    this.pending.push(stream === 2 ? '\x1b[31m' + text + '\x1b[39m' : text);
    if (!this.flushing) {
      this.flushing = true;
      setTimeout(() => this.flush(), 16);
    }
  }

  flush() {
    this.flushing = false;
    if (this.pending.length === 0) return;
    const chunk = this.pending.join('');
    this.pending = [];
    this.term.write(chunk);
  }

  clearOutput() {
    this.pending = [];
    this.term.reset();
  }

  // the generated code of the last compile (webcu.app.CodeViews), for the WGSL and IR tabs
  views(data) {
    this.codeViews.show(data);
  }

  started() {
    this.showDiagnostics([]);
    this.resultPanels.clear();
  }

  // the device and launches panels' data from the worker (panels.js)
  panel(kind, data) {
    this.resultPanels.show(kind, data);
  }

  finished() {
    this.flush();
  }

  copyOutput() {
    const text = webcu.outputSpans().map((s) => s[1]).join('');
    navigator.clipboard?.writeText(text).catch(() => {});
  }
}

// A share link's project (#p=... in the URL) replaces the page's before the editor shows it.
async function restoreShared() {
  let shared;
  try {
    shared = await projectInFragment(window.location.hash);
  } catch (e) {
    const notice = document.getElementById('notice');
    notice.textContent = 'The program in this link could not be opened: ' + e.message;
    notice.hidden = false;
    return null;
  }
  if (!shared) return null;
  webcu.setProject({ files: shared.files, args: shared.args, stdin: shared.stdin, includeDirs: shared.includeDirs, defines: shared.defines });
  if (shared.backend && document.body.getAttribute('data-webgpu') !== 'unavailable') {
    document.getElementById('backend').value = shared.backend;
  }
  // the playground keeps the learner's later edits across a reload; an embed is its URL
  if (!EMBEDDED) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return shared;
}

async function start() {
  if (!window.webcu || !window.webcu.attachView) return;
  const options = EMBEDDED ? embedOptions(splitArgs) : null;
  const playground = new Playground();
  window.webcu.ui = {
    lintMarks: () => playground.lintMarks(),
    activeFile: () => playground.project.files[playground.active].path,
    editor: playground.view,
    views: playground.codeViews.api(),
  };
  window.webcu.ui.gallery = installGallery({ focusEditor: () => playground.view.focus() });
  // a share link's project wins over ?example=NAME: restored after the gallery read the address,
  // and the embed comes last, so that its Reset returns to the project it was given
  const shared = await restoreShared();
  if (EMBEDDED) {
    window.webcu.embed = new Embed(webcu, options, shared);
  } else {
    installShareButtons(webcu);
    // a share link pasted into the address bar of an open playground
    window.addEventListener('hashchange', () => restoreShared());
  }
  document.body.setAttribute('data-ui-ready', 'true');
}

start();
