// What may come in from outside the page — a share link's project, an embedding page's messages —
// checked field by field before anything uses it. Nothing received is ever evaluated or put into
// the page as markup: it becomes file text, arguments and settings, all plain strings.
// The schema is written out in docs/embed.md; the two must change together.

export const PROTOCOL_VERSION = 1;

// Generous for teaching programs, small enough that a hostile host cannot make the page hang.
export const LIMITS = Object.freeze({
  files: 64,
  fileChars: 1_000_000,
  totalChars: 2_000_000,
  pathChars: 200,
  args: 256,
  argChars: 4096,
  stdinChars: 1_000_000,
  idChars: 100,
});

const PATH = /^[\w.+-]+(\/[\w.+-]+)*$/;
const COMPILED = /\.(cu|cpp|cc|cxx|c)$/i;
const BACKENDS = ['webgpu', 'cpu'];

class Invalid extends Error {}

function fail(why) {
  throw new Invalid(why);
}

/** A plain object (not an array, not a class instance) whose own keys are all in `allowed`. */
function record(v, allowed, what) {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || Object.getPrototypeOf(v) !== Object.prototype) {
    fail(what + ' is not an object');
  }
  for (const k of Reflect.ownKeys(v)) {
    if (typeof k !== 'string' || !allowed.includes(k)) fail(what + ' has an unknown field ' + String(k));
  }
  return v;
}

function string(v, max, what) {
  if (typeof v !== 'string') fail(what + ' is not a string');
  if (v.length > max) fail(what + ' is longer than ' + max + ' characters');
  return v;
}

function list(v, max, what) {
  if (!Array.isArray(v)) fail(what + ' is not an array');
  if (v.length > max) fail(what + ' has more than ' + max + ' entries');
  return v;
}

function path(v, what) {
  string(v, LIMITS.pathChars, what);
  if (!PATH.test(v) || v.split('/').includes('..')) fail(what + ' is not a file name (letters, digits, _ . + - and /)');
  return v;
}

/** [{path, text, compile?}] → the page's files; compile defaults to the file's kind. */
export function files(v, what = 'files', needCompiled = true) {
  list(v, LIMITS.files, what);
  let total = 0;
  const seen = new Set();
  const out = v.map((f, i) => {
    const w = what + '[' + i + ']';
    record(f, ['path', 'text', 'compile'], w);
    const p = path(f.path, w + '.path');
    if (seen.has(p)) fail(w + '.path repeats ' + p);
    seen.add(p);
    const text = string(f.text, LIMITS.fileChars, w + '.text');
    total += text.length;
    if (f.compile !== undefined && typeof f.compile !== 'boolean') fail(w + '.compile is not true or false');
    return { path: p, text, compile: f.compile === undefined ? COMPILED.test(p) : f.compile };
  });
  if (total > LIMITS.totalChars) fail(what + ' hold more than ' + LIMITS.totalChars + ' characters');
  if (needCompiled && !out.some((f) => f.compile)) fail(what + ' has no file to compile');
  return out;
}

/** Hidden code: [{path, text}], appended to the file of that path (or compiled beside it). */
export function hidden(v, what = 'append') {
  return files(v, what, false).map((f) => ({ path: f.path, text: f.text }));
}

export function args(v, what = 'args') {
  list(v, LIMITS.args, what);
  return v.map((a, i) => string(a, LIMITS.argChars, what + '[' + i + ']'));
}

function stdin(v, what = 'stdin') {
  return v === null ? null : string(v, LIMITS.stdinChars, what);
}

function backend(v, what = 'backend') {
  if (!BACKENDS.includes(v)) fail(what + ' is not one of ' + BACKENDS.join(', '));
  return v;
}

function id(v) {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  return string(v, LIMITS.idChars, 'id');
}

const COMMON = ['webcu', 'type', 'id'];

// host → embed, one entry per verb: the fields besides COMMON and how to read them
const VERBS = {
  setFiles: (m) => {
    record(m, [...COMMON, 'files', 'append', 'expect'], 'setFiles');
    return {
      files: files(m.files),
      append: m.append === undefined ? [] : hidden(m.append),
      expect: m.expect === undefined || m.expect === null ? null : string(m.expect, LIMITS.fileChars, 'expect'),
    };
  },
  setArgs: (m) => {
    record(m, [...COMMON, 'args', 'stdin'], 'setArgs');
    return { args: args(m.args), stdin: m.stdin === undefined ? undefined : stdin(m.stdin) };
  },
  run: (m) => {
    record(m, [...COMMON, 'backend'], 'run');
    return { backend: m.backend === undefined ? undefined : backend(m.backend) };
  },
  stop: (m) => (record(m, COMMON, 'stop'), {}),
  getOutput: (m) => (record(m, COMMON, 'getOutput'), {}),
};

/**
 * A message from the embedding page: {ok: true, type, id, ...fields} or {ok: false, why}.
 * Every message carries webcu: PROTOCOL_VERSION and a known type; anything else is refused.
 */
export function readMessage(data) {
  try {
    if (data === null || typeof data !== 'object' || Array.isArray(data) || Object.getPrototypeOf(data) !== Object.prototype) {
      fail('not an object');
    }
    if (data.webcu !== PROTOCOL_VERSION) fail('webcu is not ' + PROTOCOL_VERSION + ' (the protocol version)');
    if (typeof data.type !== 'string' || !Object.hasOwn(VERBS, data.type)) fail('unknown type ' + String(data.type).substring(0, 40));
    const fields = VERBS[data.type](data);
    return { ok: true, type: data.type, id: data.id === undefined ? undefined : id(data.id), ...fields };
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, why: e.message };
    return { ok: false, why: 'unreadable: ' + e.message };
  }
}

/**
 * A shared project (the JSON inside a share link): {files, args, stdin, backend, includeDirs,
 * defines, append, expect}; throws Invalid (with the reason) on anything else.
 */
export function readShared(data) {
  record(data, ['v', 'files', 'args', 'stdin', 'backend', 'includeDirs', 'defines', 'append', 'expect'], 'the shared project');
  if (data.v !== 1) fail('the shared project has version ' + String(data.v) + ', this page reads 1');
  const defines = data.defines === undefined ? [] : list(data.defines, LIMITS.args, 'defines').map((d, i) => {
    record(d, ['name', 'value'], 'defines[' + i + ']');
    return { name: string(d.name, LIMITS.argChars, 'defines[' + i + '].name'), value: string(d.value, LIMITS.argChars, 'defines[' + i + '].value') };
  });
  return {
    files: files(data.files),
    args: data.args === undefined ? [] : args(data.args),
    stdin: data.stdin === undefined ? null : stdin(data.stdin),
    backend: data.backend === undefined ? null : backend(data.backend),
    includeDirs: data.includeDirs === undefined ? [] : args(data.includeDirs, 'includeDirs'),
    defines,
    append: data.append === undefined ? [] : hidden(data.append),
    expect: data.expect === undefined || data.expect === null ? null : string(data.expect, LIMITS.fileChars, 'expect'),
  };
}

export { Invalid };
