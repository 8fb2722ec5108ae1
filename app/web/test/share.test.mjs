// node --test app/web/test: the share-link codec and the message schema, without a browser
// (EmbedIT drives the same code in Chromium). Node 20 has CompressionStream, Blob and atob.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeProject, decodeProject } from '../src/share.js';
import { readMessage, LIMITS } from '../src/protocol.js';

const project = {
  files: [
    { path: 'main.cu', text: '// ünï ∑ 🚀\r\nint main() { return 0; }\r\n', compile: true },
    { path: 'inc/a.h', text: '', compile: false },
  ],
  args: ['a b', ''], stdin: 'x\r\n', backend: 'cpu', includeDirs: ['inc'],
  defines: [{ name: 'N', value: '4' }], append: [{ path: 'main.cu', text: 'int check();' }], expect: '0\n',
};

test('a project survives the round trip exactly', async () => {
  const code = await encodeProject(project);
  assert.match(code, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(await decodeProject(code), project);
});

test('absent fields come back as their defaults', async () => {
  const p = await decodeProject(await encodeProject({ files: [{ path: 'k.cu', text: 'x', compile: true }] }));
  assert.deepEqual(p, { files: [{ path: 'k.cu', text: 'x', compile: true }], args: [], stdin: null, backend: null,
    includeDirs: [], defines: [], append: [], expect: null });
});

test('damaged and hostile links are refused with a reason', async () => {
  await assert.rejects(decodeProject('not base64!'), /not base64url/);
  await assert.rejects(decodeProject('AAAA'), /damaged/);
  const deflate = async (text) => {
    const s = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    return Buffer.from(await new Response(s).arrayBuffer()).toString('base64url');
  };
  await assert.rejects(decodeProject(await deflate('{"v": 2, "files": []}')), /version 2/);
  await assert.rejects(decodeProject(await deflate('[1]')), /not an object/);
  await assert.rejects(decodeProject(await deflate('{"v": 1, "files": [{"path": "a.cu", "text": ""}], "__proto__": {}}')), /unknown field __proto__/);
  // a small link that inflates past the limit (a zip bomb) stops early
  const bomb = await deflate('{"v": 1, "files": [{"path": "a.cu", "text": "' + 'x'.repeat(9 * 1024 * 1024) + '"}]}');
  assert.ok(bomb.length < 20000, 'the bomb is small: ' + bomb.length);
  await assert.rejects(decodeProject(bomb), /larger than/);
});

test('messages are read against the schema', () => {
  const ok = readMessage({ webcu: 1, type: 'setFiles', files: [{ path: 'a.cu', text: 'x' }, { path: 'b.h', text: '' }], id: 'q' });
  assert.equal(ok.ok, true);
  assert.deepEqual(ok.files, [{ path: 'a.cu', text: 'x', compile: true }, { path: 'b.h', text: '', compile: false }]);
  assert.equal(ok.id, 'q');
  assert.deepEqual(readMessage({ webcu: 1, type: 'setArgs', args: ['1'], stdin: null }), { ok: true, type: 'setArgs', id: undefined, args: ['1'], stdin: null });
  const bad = [
    [null, /not an object/], [{ webcu: 1, type: 'toString' }, /unknown type/], [{ webcu: 1, type: 'run', backend: 'x' }, /backend/],
    [{ webcu: 1, type: 'setFiles', files: [{ path: 'a/../b.cu', text: '' }] }, /not a file name/],
    [{ webcu: 1, type: 'setFiles', files: [{ path: 'a.cu', text: '' }, { path: 'a.cu', text: '' }] }, /repeats/],
    [{ webcu: 1, type: 'setFiles', files: Array.from({ length: LIMITS.files + 1 }, (_, i) => ({ path: i + '.cu', text: '' })) }, /more than/],
    [{ webcu: 1, type: 'setFiles', files: [{ path: 'a.cu', text: 'x'.repeat(LIMITS.fileChars + 1) }] }, /longer than/],
    [{ webcu: 1, type: 'setFiles', files: [{ path: 'a.cu', text: 'x'.repeat(LIMITS.fileChars) }, { path: 'b.cu', text: 'x'.repeat(LIMITS.fileChars) }, { path: 'c.cu', text: 'x' }] }, /hold more than/],
    [JSON.parse('{"webcu": 1, "type": "stop", "__proto__": {"x": 1}}'), /unknown field __proto__/],
    [{ webcu: 1, type: 'getOutput', id: Infinity }, /id is not a string/],
  ];
  for (const [m, why] of bad) {
    const r = readMessage(m);
    assert.equal(r.ok, false, JSON.stringify(m)?.substring(0, 80));
    assert.match(r.why, why);
  }
});
