// The generated-code views beside the source: result tabs "WGSL", "IR" and "SPIR-V" next to Output,
// each a read-only CodeMirror view of what the worker sent after the last compile (webcu.app.CodeViews),
// with a kernel selector, a download button (the SPIR-V one saves the .spv binary), and the line map both ways: the cursor in the source
// marks the generated lines of its CUDA line; the cursor in a generated view marks its CUDA line
// and moves the editor there (in the right file's tab). ui.js owns the page; this module only
// adds the three panels and the hooks it is given.
import { EditorState, StateField, StateEffect, RangeSetBuilder } from '@codemirror/state';
import { EditorView, Decoration, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, keymap } from '@codemirror/view';
import { StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { defaultKeymap } from '@codemirror/commands';
import { search, searchKeymap } from '@codemirror/search';

// ------------------------------------------------------------------ marked lines

const setMarked = StateEffect.define();
const markedLine = Decoration.line({ class: 'cm-mapped-line', attributes: { 'data-mapped': 'true' } });

/** Lines marked as the other side of the cursor's line; a view holds them until told otherwise. */
const markedField = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(setMarked)) {
        const b = new RangeSetBuilder();
        for (const n of [...new Set(e.value)].sort((x, y) => x - y)) {
          if (n >= 1 && n <= tr.state.doc.lines) b.add(tr.state.doc.line(n).from, tr.state.doc.line(n).from, markedLine);
        }
        deco = b.finish();
      }
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

function markedLines(state) {
  const lines = [];
  const deco = state.field(markedField, false);
  if (deco) deco.between(0, state.doc.length, (from) => { lines.push(state.doc.lineAt(from).number); });
  return lines;
}

// ------------------------------------------------------------------ highlighting: small stream tokenizers

function tokenizer(keywords, types) {
  return StreamLanguage.define({
    token(stream) {
      if (stream.eatSpace()) return null;
      if (stream.match('//')) {
        stream.skipToEnd();
        return 'comment';
      }
      if (stream.match(/^"(?:[^"\\]|\\.)*"/)) return 'string';
      if (stream.match(/^@[A-Za-z_][\w.$]*/)) return 'variableName.function';
      if (stream.match(/^(?:0x[0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)[iuf]?\b/)) return 'number';
      const word = stream.match(/^[A-Za-z_]\w*/);
      if (word) {
        if (keywords.has(word[0])) return 'keyword';
        if (types.test(word[0])) return 'typeName';
        return stream.peek() === '(' ? 'variableName.function' : null;
      }
      stream.next();
      return null;
    },
  });
}

const WGSL = tokenizer(new Set(['fn', 'let', 'var', 'const', 'override', 'struct', 'return', 'if', 'else', 'loop',
  'continuing', 'break', 'continue', 'switch', 'case', 'default', 'for', 'while', 'enable', 'diagnostic', 'true', 'false',
  'storage', 'uniform', 'workgroup', 'read', 'read_write', 'private', 'function']),
/^(?:u32|i32|f32|f16|bool|vec[234](?:[iuf])?|mat[234]x[234]|array|atomic|ptr)$/);
const IR = tokenizer(new Set(['kernel', 'host', 'device', 'local', 'memory', 'store', 'load', 'call', 'if', 'else', 'loop',
  'continuing', 'break_if', 'switch', 'case', 'default', 'break', 'continue', 'return', 'barrier', 'launch', 'convert',
  'ptradd', 'elem', 'field', 'fma', 'select', 'global', 'shared', 'constant', 'var', 'const', 'dynamic', 'true', 'false', 'null']),
/^(?:[iuf](?:8|16|32|64)|bool|void|ptr|array|struct)$/);

// spirv-dis's text: opcodes as keywords, %ids as names, enumerants (GLCompute, Uniform …) as types
const SPIRV = StreamLanguage.define({
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match(';')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"/)) return 'string';
    if (stream.match(/^%\w+/)) return 'variableName';
    if (stream.match(/^Op\w+/)) return 'keyword';
    if (stream.match(/^-?(?:0x[0-9a-fA-F.p+-]+|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)\b/)) return 'number';
    if (stream.match(/^[A-Z]\w*/)) return 'typeName';
    stream.next();
    return null;
  },
});

// ------------------------------------------------------------------ the views

/** The bytes of the worker's base64 (the .spv module). */
function binary(base64) {
  const s = atob(base64 || '');
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

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

const KINDS = {
  wgsl: { label: 'WGSL', language: WGSL, suffix: '.wgsl', what: 'Generated WGSL' },
  ir: { label: 'IR', language: IR, suffix: '.ir.txt', what: 'Generated IR' },
  spirv: { label: 'SPIR-V', language: SPIRV, suffix: '.spv', what: 'Generated SPIR-V, disassembled' },
};

/**
 * The WGSL, IR and SPIR-V tabs of the results area. `pg` is ui.js's Playground: its project, active
 * file, editor view, showFile() and fileIndex() are what the views use of it.
 */
export class CodeViews {
  constructor(pg, tabList, resultsSection, highlight) {
    this.pg = pg;
    this.tabList = tabList;
    this.data = null;           // the worker's last views message
    this.fromGenerated = false; // an editor move made by a generated view: mark, but do not scroll that view back
    this.stale = false;         // the source changed since the views' compile: their line numbers may be off
    this.views = {};
    for (const [kind, k] of Object.entries(KINDS)) this.views[kind] = this.buildView(kind, k, highlight, resultsSection);
    this.installTabs();
    this.render();
  }

  buildView(kind, k, highlight, resultsSection) {
    const id = 'view-' + kind;
    const tab = el('button', { type: 'button', role: 'tab', id: 'tab-' + kind, 'aria-selected': 'false', 'aria-controls': id,
      tabindex: '-1', text: k.label });
    this.tabList.append(tab);
    const note = el('p', { class: 'code-view-note', id: id + '-note',
      title: kind === 'wgsl' ? 'blockDim is a WGSL override set at each launch; a block larger than the adapter allows '
        + 'runs a variant of the kernel with several CUDA threads per invocation, not shown here' : null });
    const select = el('select', { id: id + '-kernel', 'aria-label': k.label + ': go to kernel' });
    select.addEventListener('change', () => this.goToKernel(kind, select.value));
    const kernelLabel = el('label', { class: 'code-view-kernel', hidden: true }, 'Kernel ', select);
    const download = el('button', { type: 'button', id: 'download-' + kind, onclick: () => this.download(kind), text: 'Download' });
    const diagnostics = el('pre', { class: 'code-view-diagnostics', id: id + '-diagnostics', hidden: true });
    const host = el('div', { class: 'code-view-editor' });
    const panel = el('div', { id, class: 'code-view', role: 'tabpanel', 'aria-labelledby': 'tab-' + kind, hidden: true },
      el('div', { class: 'code-view-bar' }, note, kernelLabel, download), diagnostics, host);
    resultsSection.append(panel);
    const v = { kind, tab, panel, note, select, kernelLabel, download, diagnostics, host, map: [], kernels: [] };
    v.extensions = [
      lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), drawSelection(), search({ top: true }),
      keymap.of([...searchKeymap, ...defaultKeymap]),
      EditorState.readOnly.of(true), k.language, syntaxHighlighting(highlight), markedField,
      // tabindex: axe counts a contenteditable as focusable only with one, and the code scrolls
      EditorView.contentAttributes.of({ 'aria-label': k.what + ' (read only)', tabindex: '0' }),
      EditorView.updateListener.of((u) => { if (u.selectionSet && !u.docChanged) this.generatedMoved(v, u.state); }),
    ];
    v.editor = new EditorView({ parent: host, state: EditorState.create({ doc: '', extensions: v.extensions }) });
    return v;
  }

  // ---------------------------------------------------------------- tabs of the results area

  tabs() {
    return [...this.tabList.querySelectorAll('[role="tab"]')];
  }

  // The strip's one switcher, for every tab in it, those other modules add later included
  // (panels.js): a tab shows the panel its aria-controls names and hides the others.
  installTabs() {
    this.tabList.addEventListener('click', (e) => {
      const t = e.target.closest('[role="tab"]');
      if (t && this.tabList.contains(t)) this.selectTab(t, false);
    });
    this.tabList.addEventListener('keydown', (e) => {
      const tabs = this.tabs();
      const i = tabs.indexOf(document.activeElement);
      if (i < 0) return;
      let next = null;
      if (e.key === 'ArrowRight') next = (i + 1) % tabs.length;
      else if (e.key === 'ArrowLeft') next = (i + tabs.length - 1) % tabs.length;
      else if (e.key === 'Home') next = 0;
      else if (e.key === 'End') next = tabs.length - 1;
      if (next === null) return;
      e.preventDefault();
      this.selectTab(tabs[next], true);
    });
  }

  selectTab(tab, focus) {
    for (const t of this.tabs()) {
      const on = t === tab;
      t.setAttribute('aria-selected', on ? 'true' : 'false');
      t.setAttribute('tabindex', on ? '0' : '-1');
      const panel = document.getElementById(t.getAttribute('aria-controls'));
      if (panel) panel.hidden = !on;
    }
    if (focus) tab.focus();
    for (const v of Object.values(this.views)) {
      if (v.tab === tab) {
        v.editor.requestMeasure();
        this.revealMarked(v);
      }
    }
  }

  // ---------------------------------------------------------------- the worker's message

  show(data) {
    this.data = data;
    this.stale = false;
    this.render();
  }

  sourceEdited() {
    if (this.stale || !this.data || !this.data.ok) return;
    this.stale = true;
    for (const v of Object.values(this.views)) v.note.textContent = this.noteFor(v.kind, this.data, this.data[v.kind]);
  }

  render() {
    const d = this.data;
    for (const v of Object.values(this.views)) {
      const part = d && d.ok ? d[v.kind] : null;
      v.map = part ? part.lines : [];
      v.kernels = part ? part.kernels : [];
      v.note.textContent = this.noteFor(v.kind, d, part);
      v.diagnostics.textContent = part ? part.diagnostics : '';
      v.diagnostics.hidden = !part || !part.diagnostics;
      v.download.disabled = !part || part.text === '';
      v.download.textContent = part ? 'Download ' + this.fileName(v.kind) : 'Download';
      // by index: overloads share a name
      v.select.replaceChildren(...v.kernels.map((k, i) => [k, i]).filter(([k]) => k.line > 0).map(([k, i]) =>
        el('option', { value: String(i), text: k.name === k.generated || '@' + k.name === k.generated ? k.name : k.name + ' (' + k.generated + ')' })));
      v.kernelLabel.hidden = v.kernels.length < 2;
      v.editor.setState(EditorState.create({ doc: part ? part.text : '', extensions: v.extensions }));
    }
    if (d && d.ok) this.sourceMoved(this.pg.view.state, false);
  }

  noteFor(kind, d, part) {
    if (!d) return 'Run the program to see the ' + (kind === 'wgsl' ? 'WGSL its kernels become.'
      : kind === 'spirv' ? 'SPIR-V its kernels become for Vulkan.' : "compiler's IR.");
    if (d.internal) return d.internal.trim();
    if (!d.ok) return 'The program did not compile (' + d.errors + (d.errors === 1 ? ' error' : ' errors') + '): no code to show.';
    if (this.stale) return 'The source changed since this code was generated: run again to update it.';
    if (kind === 'wgsl') {
      if (part.text === '') return 'No WGSL: the program has no kernel WebGPU can run.';
      return 'WGSL for ' + d.target + '. One module, an entry point per kernel; block size specialised at launch.';
    }
    if (kind === 'spirv') {
      if (!part) return 'No SPIR-V: this page\'s worker sent none.';
      if (part.text === '') return 'No SPIR-V: the program has no kernel webcu can write as SPIR-V yet.';
      return 'SPIR-V for Vulkan (as webcu emit --target spirv writes it; the page runs the WGSL). '
        + 'One module, an entry point per kernel; block size a specialization constant.';
    }
    return "webcu's IR of host and device code, before the device passes (as webcu emit --target ir prints it).";
  }

  fileName(kind) {
    const main = this.pg.project.files.find((f) => f.compile) || this.pg.project.files[0];
    const base = main.path.replace(/^.*\//, '').replace(/\.[^.]*$/, '') || 'program';
    return base + KINDS[kind].suffix;
  }

  download(kind) {
    const part = this.data && this.data.ok ? this.data[kind] : null;
    if (!part) return;
    const url = URL.createObjectURL(kind === 'spirv' ? new Blob([binary(part.binary)], { type: 'application/octet-stream' })
      : new Blob([part.text], { type: 'text/plain;charset=utf-8' }));
    const a = el('a', { href: url, download: this.fileName(kind), hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

  goToKernel(kind, index) {
    const v = this.views[kind];
    const k = v.kernels[Number(index)];
    if (!k || k.line < 1) return;
    const pos = v.editor.state.doc.line(k.line).from;
    v.editor.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: 'start' }) });
  }

  // ---------------------------------------------------------------- the line map, both ways

  /** The source's cursor moved (or new views came): mark the generated lines of its CUDA line. */
  sourceMoved(state, scroll = true) {
    const file = this.pg.project.files[this.pg.active];
    if (!file) return;
    const line = state.doc.lineAt(state.selection.main.head).number;
    for (const v of Object.values(this.views)) {
      const lines = v.map.filter((m) => m[2] === line && this.pg.fileIndex(m[1]) === this.pg.active).map((m) => m[0]);
      v.editor.dispatch({ effects: setMarked.of(lines) });
      if (scroll && !this.fromGenerated && !v.panel.hidden) this.revealMarked(v);
    }
    if (!this.fromGenerated && markedLines(state).length > 0) {
      this.pg.view.dispatch({ effects: setMarked.of([]) });
    }
  }

  revealMarked(v) {
    const lines = markedLines(v.editor.state);
    if (lines.length > 0) {
      v.editor.dispatch({ effects: EditorView.scrollIntoView(v.editor.state.doc.line(lines[0]).from, { y: 'center' }) });
    }
  }

  /** A generated view's cursor moved: mark its CUDA line's generated lines, show and mark that line in the editor. */
  generatedMoved(v, state) {
    const line = state.doc.lineAt(state.selection.main.head).number;
    const entry = v.map.find((m) => m[0] === line);
    if (!entry) {
      v.editor.dispatch({ effects: setMarked.of([]) });
      return;
    }
    const [, file, cudaLine] = entry;
    const i = this.pg.fileIndex(file);
    if (i < 0) return;
    this.fromGenerated = true;
    try {
      if (i !== this.pg.active) this.pg.showFile(i, false);
      const doc = this.pg.view.state.doc;
      const pos = doc.line(Math.min(Math.max(1, cudaLine), doc.lines)).from;
      this.pg.view.dispatch({ selection: { anchor: pos }, effects: [setMarked.of([cudaLine]), EditorView.scrollIntoView(pos, { y: 'center' })] });
      this.sourceMoved(this.pg.view.state, false);
    } finally {
      this.fromGenerated = false;
    }
  }

  /** What the source's editor needs: the marks, and word of its cursor's moves. */
  editorExtension() {
    return [markedField, EditorView.updateListener.of((u) => {
      if (u.docChanged) this.sourceEdited();
      if (u.selectionSet) this.sourceMoved(u.state);
    })];
  }

  /** For tests and embedding: the views' state as plain data. */
  api() {
    const of = (v) => ({
      text: v.editor.state.doc.toString(),
      note: v.note.textContent,
      kernels: v.kernels.map((k) => k.name),
      marked: markedLines(v.editor.state),
      cursorLine: v.editor.state.doc.lineAt(v.editor.state.selection.main.head).number,
      fileName: this.fileName(v.kind),
    });
    return {
      wgsl: () => of(this.views.wgsl),
      ir: () => of(this.views.ir),
      spirv: () => of(this.views.spirv),
      sourceMarked: () => markedLines(this.pg.view.state),
      editor: (kind) => this.views[kind].editor,
      scrollTo: (view, line) => EditorView.scrollIntoView(view.state.doc.line(line).from, { y: 'center' }),
      data: () => this.data,
    };
  }
}
