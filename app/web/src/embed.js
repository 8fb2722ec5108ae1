// The embedded page (embed.html in an iframe of a course page): its URL parameters, the teacher's
// hidden code and check, and the postMessage API (docs/embed.md has the schema and examples).
//
// Security: every message is checked against the schema (protocol.js) and dropped with a console
// warning when it does not fit, comes from another window than the embedding page, or from an
// origin outside ?allowedOrigins=. Received text only ever becomes file text, arguments or
// standard input; output goes out as strings. The embed never reads the host page.
import { PROTOCOL_VERSION, readMessage } from './protocol.js';
import { shareLink } from './share.js';

const params = new URLSearchParams(window.location.search);

// Messages that arrive while the page starts (the host may post on the iframe's load event,
// before the editor and the embed are set up) wait here for the embed, which handles them in order.
const early = [];
function keepEarly(e) {
  if (early.length < 100) early.push(e);
}
if (document.documentElement.hasAttribute('data-embed')) window.addEventListener('message', keepEarly);

function flag(name) {
  if (!params.has(name)) return false;
  const v = params.get(name).toLowerCase();
  return v !== 'false' && v !== '0' && v !== 'no';
}

/** The embed's settings from its URL; applied to <html> before the editor is built. */
export function embedOptions(splitArgs) {
  const origins = (params.get('allowedOrigins') || '').split(/[\s,]+/).filter(Boolean).map((o) => {
    try {
      return new URL(o).origin;
    } catch (e) {
      console.warn('webcu embed: allowedOrigins: not an origin: ' + o);
      return null;
    }
  }).filter(Boolean);
  const backend = params.get('backend');
  const o = {
    readOnly: flag('readOnly'),
    autorun: flag('autorun'),
    hideToolbar: flag('hideToolbar'),
    autoHeight: params.get('height') === 'auto',
    backend: backend === 'webgpu' || backend === 'cpu' ? backend : null,
    args: params.has('args') ? splitArgs(params.get('args')) : null,
    // an allow-list given but with nothing valid in it allows no one
    allowedOrigins: params.has('allowedOrigins') ? origins : null,
  };
  const root = document.documentElement;
  if (o.readOnly) root.setAttribute('data-read-only', '');
  if (o.hideToolbar) root.setAttribute('data-hide-toolbar', '');
  if (o.autoHeight) root.setAttribute('data-height-auto', '');
  return o;
}

export class Embed {
  constructor(webcu, options, shared) {
    this.webcu = webcu;
    this.options = options;
    this.launches = [];
    this.append = [];
    this.expect = null;
    this.readyPosted = false;
    this.lastHeight = -1;
    if (options.backend) document.getElementById('backend').value = options.backend;
    if (options.args) webcu.setProject({ ...webcu.project(), args: options.args });
    if (shared) this.setHidden(shared.append, shared.expect);
    this.original = this.snapshotProject();
    this.addControls();
    webcu.addListener((e) => this.onPageEvent(e));
    window.removeEventListener('message', keepEarly);
    window.addEventListener('message', (e) => this.onMessage(e));
    for (const e of early.splice(0)) this.onMessage(e);
    if (options.autoHeight) {
      new ResizeObserver(() => this.postHeight()).observe(document.body);
      this.postHeight();
    }
    if (webcu.isReady()) this.engineReady();
  }

  snapshotProject() {
    return { project: this.webcu.project(), backend: document.getElementById('backend').value };
  }

  setHidden(append, expect) {
    this.append = append || [];
    this.expect = expect ?? null;
    this.webcu.setHiddenCode(this.append);
  }

  checking() {
    return this.append.length > 0 || this.expect !== null;
  }

  addControls() {
    const tools = document.getElementById('header-tools');
    const reset = document.createElement('button');
    reset.type = 'button';
    reset.id = 'reset-embed';
    reset.textContent = 'Reset';
    reset.title = 'Back to the program this page started with';
    reset.addEventListener('click', () => this.reset());
    const open = document.createElement('a');
    open.id = 'open-playground';
    open.textContent = 'Open in webcu';
    open.target = '_blank';
    open.rel = 'noopener';
    open.href = 'index.html';
    // the link carries the learner's current code; made when it is used, since it changes
    const refresh = async () => {
      open.href = await shareLink({ ...this.webcu.project(), backend: document.getElementById('backend').value });
    };
    open.addEventListener('pointerdown', refresh);
    open.addEventListener('focus', refresh);
    tools.prepend(reset, open);
    this.verdict = document.createElement('span');
    this.verdict.id = 'check-result';
    this.verdict.setAttribute('role', 'status');
    document.getElementById('status').after(this.verdict);
  }

  reset() {
    this.webcu.setProject(this.original.project);
    document.getElementById('backend').value = this.original.backend;
  }

  // ---------------------------------------------------------------- embed → host

  post(message) {
    if (window.parent === window) return;
    const m = { webcu: PROTOCOL_VERSION, ...message };
    const targets = this.options.allowedOrigins ?? ['*'];
    for (const origin of targets) window.parent.postMessage(m, origin);
  }

  postHeight() {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === this.lastHeight) return;
    this.lastHeight = height;
    this.post({ type: 'resize', height });
    // Canvas LMS resizes its iframes on this message (no version field: Canvas's own format)
    if (window.parent !== window) {
      for (const origin of this.options.allowedOrigins ?? ['*']) {
        window.parent.postMessage({ subject: 'lti.frameResize', height }, origin);
      }
    }
  }

  engineReady() {
    if (this.readyPosted) return;
    this.readyPosted = true;
    document.documentElement.setAttribute('data-embed-ready', 'true');
    this.post({ type: 'ready', version: PROTOCOL_VERSION, build: document.body.getAttribute('data-build') });
    if (this.options.autorun) this.webcu.run();
  }

  onPageEvent(e) {
    switch (e.type) {
      case 'ready':
        this.engineReady();
        break;
      case 'started':
        this.launches = [];
        this.verdict.textContent = '';
        this.verdict.removeAttribute('data-passed');
        this.post({ type: 'started', backend: e.backend });
        break;
      case 'stage':
        if (e.stage.startsWith('kernel:')) this.launches.push({ kernel: e.stage.substring(7) });
        break;
      case 'output':
        this.post({ type: 'output', stream: e.stream, text: e.text });
        break;
      case 'finished':
        this.finished(e.exitCode);
        break;
      default:
        break;
    }
  }

  outputText() {
    let stdout = '';
    let stderr = '';
    for (const [cls, text] of this.webcu.outputSpans()) {
      if (cls === 'stderr') stderr += text;
      else stdout += text;
    }
    return { stdout, stderr };
  }

  finished(exitCode) {
    const { stdout, stderr } = this.outputText();
    this.post({ type: 'finished', exitCode, stopped: exitCode === null, stdout, stderr, launches: this.launches });
    if (!this.checking() || exitCode === null) return;
    let reason = null;
    if (exitCode !== 0) reason = 'the program exited with status ' + exitCode;
    else if (this.expect !== null && stdout !== this.expect) reason = 'the output differs from the expected output';
    const passed = reason === null;
    this.verdict.textContent = passed ? 'Check: passed' : 'Check: not yet — ' + reason;
    this.verdict.setAttribute('data-passed', String(passed));
    this.post({ type: 'check', passed, exitCode, reason });
  }

  // ---------------------------------------------------------------- host → embed

  onMessage(e) {
    if (e.source !== window.parent || window.parent === window) {
      // our own worker's messages do not come here; anything else is not the host's
      console.warn('webcu embed: ignored a message that does not come from the embedding page');
      return;
    }
    if (e.data && typeof e.data === 'object' && e.data.subject === 'lti.frameResize') return; // a parent echoing Canvas's format
    if (this.options.allowedOrigins && !this.options.allowedOrigins.includes(e.origin)) {
      console.warn('webcu embed: ignored a message from ' + e.origin + ', which allowedOrigins does not list');
      return;
    }
    const m = readMessage(e.data);
    if (!m.ok) {
      console.warn('webcu embed: ignored a message: ' + m.why);
      return;
    }
    switch (m.type) {
      case 'setFiles': {
        const p = this.webcu.project();
        this.webcu.setProject({ ...p, files: m.files });
        this.setHidden(m.append, m.expect);
        this.original = this.snapshotProject();
        break;
      }
      case 'setArgs': {
        const p = { ...this.webcu.project(), args: m.args };
        if (m.stdin !== undefined) p.stdin = m.stdin;
        this.webcu.setProject(p);
        break;
      }
      case 'run':
        if (m.backend) document.getElementById('backend').value = m.backend;
        if (!this.webcu.isRunning()) this.webcu.run();
        break;
      case 'stop':
        this.webcu.stop();
        break;
      case 'getOutput': {
        const { stdout, stderr } = this.outputText();
        const state = document.body.getAttribute('data-state');
        const code = document.body.getAttribute('data-exit-code');
        this.post({ type: 'outputState', id: m.id, state, exitCode: code === null ? null : Number(code), stdout, stderr });
        break;
      }
      default:
        break;
    }
  }
}
