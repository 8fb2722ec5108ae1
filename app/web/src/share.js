// Share links: the whole project — files, arguments, standard input, macros, include folders and
// the backend — as JSON, compressed (CompressionStream 'deflate-raw') and base64url-encoded into
// the URL's fragment (#p=...). The fragment never reaches a server, so no host sees the code, and
// a static site can share without a database. Opening the link restores the project exactly
// (unicode and CRLF included: the text goes through JSON and UTF-8 untouched).
import { readShared, Invalid } from './protocol.js';

export const FRAGMENT = '#p=';
// a decompressed project larger than this is refused (a link cannot be a zip bomb)
const MAX_JSON_BYTES = 8 * 1024 * 1024;

function base64url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unbase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Invalid('the link is not base64url');
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

async function readAll(stream, limit) {
  const reader = stream.getReader();
  const parts = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > limit) {
      reader.cancel();
      throw new Invalid('the linked project is larger than ' + limit + ' bytes');
    }
    parts.push(value);
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The project (the page's shape, plus backend and the embed's append/expect) as fragment text. */
export async function encodeProject(p) {
  const data = { v: 1, files: p.files.map((f) => ({ path: f.path, text: f.text, compile: f.compile })) };
  if (p.args && p.args.length) data.args = p.args;
  if (p.stdin != null) data.stdin = p.stdin;
  if (p.backend) data.backend = p.backend;
  if (p.includeDirs && p.includeDirs.length) data.includeDirs = p.includeDirs;
  if (p.defines && p.defines.length) data.defines = p.defines;
  if (p.append && p.append.length) data.append = p.append;
  if (p.expect != null) data.expect = p.expect;
  const json = new TextEncoder().encode(JSON.stringify(data));
  const packed = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return base64url(await readAll(packed, Infinity));
}

/** The project in fragment text, checked (protocol.readShared); throws Invalid with the reason. */
export async function decodeProject(code) {
  let json;
  try {
    const packed = new Blob([unbase64url(code)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    json = new TextDecoder('utf-8', { fatal: true }).decode(await readAll(packed, MAX_JSON_BYTES));
  } catch (e) {
    throw e instanceof Invalid ? e : new Invalid('the link is damaged (' + e.message + ')');
  }
  let data;
  try {
    data = JSON.parse(json);
  } catch (e) {
    throw new Invalid('the link does not hold a project');
  }
  return readShared(data);
}

/** The project a URL's fragment holds, or null when it holds none. */
export async function projectInFragment(hash) {
  return hash.startsWith(FRAGMENT) ? decodeProject(hash.substring(FRAGMENT.length)) : null;
}

/** The folder of this page's URL, where index.html and embed.html are. */
export function appBase() {
  return new URL('.', window.location.href).href;
}

export async function shareLink(project) {
  return appBase() + FRAGMENT + (await encodeProject(project));
}

export async function embedCode(project) {
  const src = appBase() + 'embed.html?height=auto' + FRAGMENT + (await encodeProject(project));
  return '<iframe src="' + src.replace(/&/g, '&amp;').replace(/"/g, '&quot;') + '" title="CUDA program (webcu)" '
    + 'width="100%" height="480" loading="lazy" style="border: 0"></iframe>';
}

// ------------------------------------------------------------------ the buttons of the full page

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.substring(2), v);
    else if (v === true) e.setAttribute(k, '');
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

/**
 * "Copy link" and "Copy embed code" in the header. The text is also shown, selected, in a small
 * panel: the clipboard may be refused (an insecure origin, a browser's permission) and the user
 * can still copy it by hand.
 */
export function installShareButtons(webcu) {
  const tools = document.getElementById('header-tools');
  const text = el('textarea', { id: 'share-text', readonly: true, rows: '3', spellcheck: 'false', 'aria-label': 'Link to this project' });
  const message = el('span', { id: 'share-message', role: 'status' });
  const panel = el('div', { id: 'share-panel', class: 'share-panel', hidden: true },
    el('label', { for: 'share-text', id: 'share-label', text: 'Link' }), text, message,
    el('button', { type: 'button', id: 'share-close', text: 'Close', onclick: () => { panel.hidden = true; } }));
  const show = async (what) => {
    const project = { ...webcu.project(), backend: document.getElementById('backend').value };
    const value = what === 'link' ? await shareLink(project) : await embedCode(project);
    document.getElementById('share-label').textContent = what === 'link' ? 'Link to this project' : 'Embed code (HTML)';
    text.setAttribute('aria-label', document.getElementById('share-label').textContent);
    text.value = value;
    panel.hidden = false;
    text.focus();
    text.select();
    let copied = false;
    try {
      await navigator.clipboard.writeText(value);
      copied = true;
    } catch (e) {
      // refused: the selected text stays for Ctrl+C
    }
    message.textContent = (copied ? 'Copied to the clipboard' : 'Press Ctrl+C to copy') + ' (' + value.length + ' characters).';
    panel.dataset.length = String(value.length);
  };
  tools.prepend(
    el('button', { type: 'button', id: 'copy-link', onclick: () => show('link'), text: 'Copy link' }),
    el('button', { type: 'button', id: 'copy-embed', onclick: () => show('embed'), text: 'Copy embed code' }));
  const header = document.querySelector('header');
  header.after(panel);
}
