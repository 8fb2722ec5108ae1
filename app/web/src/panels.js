// The results area's Launches and Device tabs: what the last run did on its device (each kernel
// launch with its grid, block, shared memory and time; the copies per direction) and what that
// device is (the WebGPU adapter's limits and features, or the CPU emulator), with notes on where a
// CUDA program sees a difference. The worker sends both as data (webcu.app.LaunchLog and
// webcu.app.DevicePanel); this module only shows them. Tables are the content; the timeline bars
// are decoration beside each launch's time, hidden from assistive technology.

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k === 'style') e.setAttribute('style', v);
    else if (k.startsWith('on')) e.addEventListener(k.substring(2), v);
    else if (v === true) e.setAttribute(k, '');
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

/** Milliseconds as people read them: µs below a millisecond, s above a second; '—' when unknown. */
export function formatMs(ms) {
  if (ms == null || !isFinite(ms)) return '—';
  if (ms < 1) return (ms * 1000).toFixed(ms < 0.01 ? 2 : 1) + ' µs';
  if (ms < 1000) return ms.toFixed(ms < 10 ? 3 : 1) + ' ms';
  return (ms / 1000).toFixed(2) + ' s';
}

/** Bytes with binary units, exact below a KiB. */
export function formatBytes(n) {
  if (n == null || !isFinite(n)) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? n + ' B' : (v >= 100 ? v.toFixed(0) : v.toFixed(1)) + ' ' + units[u];
}

/** Bytes per millisecond as GB/s (10^9 bytes per second); '—' without a time. */
export function formatRate(bytes, ms) {
  if (!bytes || ms == null || !(ms > 0)) return '—';
  const gbs = bytes / ms / 1e6;
  return (gbs >= 10 ? gbs.toFixed(1) : gbs >= 0.1 ? gbs.toFixed(2) : gbs.toPrecision(2)) + ' GB/s';
}

const dims = (d) => d.join(' × ');

const CLOCKS = {
  gpu: 'GPU times from timestamp queries (each launch\'s compute pass).',
  wall: 'This adapter has no timestamp-query: times are wall-clock, from each launch\'s submission (or the end of the launch before it) until the GPU finished it.',
  emulator: 'CPU emulator: times are the emulator\'s wall-clock time per launch, not a GPU\'s.',
};

const COPIES = {
  H2D: 'Host to device', D2H: 'Device to host', D2D: 'Device to device', MEMSET: 'Memset',
};

const COPY_TIMES = {
  webgpu: 'Copy times are wall-clock on the host (WebGPU cannot time copies): host to device, device to device and memset count the call that hands the work to the browser; device to host runs until the bytes are back, waiting for earlier work included.',
  cpu: 'Copy times are the emulator\'s wall-clock time per call.',
};

function table(caption, head, rows, cls) {
  return el('table', { class: 'panel-table ' + (cls || '') },
    el('caption', { text: caption }),
    el('thead', {}, el('tr', {}, ...head.map((h) => el('th', { scope: 'col', text: h })))),
    el('tbody', {}, ...rows));
}

function num(text, attrs = {}) {
  return el('td', Object.assign({ class: 'num' }, attrs), text);
}

/** The Launches tab's content for one run's data (LaunchLog's JSON). */
export function renderLaunches(data) {
  const out = [];
  // the first launches, then samples of each kernel (LaunchLog)
  const timed = data.timed < data.launches ? `, ${data.timed} of them timed` : '';
  out.push(el('p', { class: 'panel-summary', id: 'launches-summary' },
    `${data.launches} kernel launch${data.launches === 1 ? '' : 'es'} on the ${data.backend === 'cpu' ? 'CPU emulator' : 'WebGPU device'}${timed}. `,
    el('span', { class: 'clock', 'data-clock': data.clock, text: CLOCKS[data.clock] || '' })));

  if (data.kernels.length > 0) {
    out.push(table('Per kernel', ['Kernel', 'Launches', 'Total', 'Min', 'Median', 'Max'], data.kernels.map((k) =>
      el('tr', { class: 'kernel-row', 'data-kernel': k.kernel },
        el('th', { scope: 'row', class: 'mono', text: k.kernel }),
        num(k.timed < k.count ? `${k.count} (${k.timed} timed)` : String(k.count)), num(formatMs(k.totalMs)), num(formatMs(k.minMs)), num(formatMs(k.medianMs)), num(formatMs(k.maxMs)))),
    'kernels-table'));
  }

  if (data.rows.length > 0) {
    // the timeline's span: from the first launch's start to the last one's end
    let end = 0;
    for (const r of data.rows) if (r.startMs != null && r.ms != null) end = Math.max(end, r.startMs + r.ms);
    const rows = data.rows.map((r, i) => {
      const shared = r.dynamicShared + r.staticShared;
      const sharedText = shared === 0 ? '0' : `${formatBytes(shared)} (${r.dynamicShared} dynamic + ${r.staticShared} static)`;
      const block = el('td', { class: 'mono block' }, dims(r.block));
      if (r.coarsening > 1) block.append(el('span', { class: 'coarse', text: ` (${r.coarsening} threads per invocation)` }));
      let bar = null;
      if (end > 0 && r.startMs != null && r.ms != null) {
        const left = (r.startMs / end) * 100;
        const width = Math.max(0.3, (r.ms / end) * 100);
        bar = el('span', { class: 'bar', style: `margin-left:${left.toFixed(2)}%;width:${Math.min(width, 100 - left).toFixed(2)}%` });
      }
      return el('tr', { class: 'launch-row', 'data-kernel': r.kernel },
        num(String(i + 1)),
        el('th', { scope: 'row', class: 'mono', text: r.kernel }),
        el('td', { class: 'mono grid', text: dims(r.grid) }),
        block,
        num(sharedText, { class: 'num shared' }),
        num(formatMs(r.ms), { class: 'num time', 'data-ms': r.ms == null ? '' : String(r.ms) }),
        el('td', { class: 'timeline', 'aria-hidden': 'true' }, bar));
    });
    const caption = data.rows.length < data.launches
      ? `Launches: the first ${data.rows.length} of ${data.launches} (the table per kernel counts them all)`
      : 'Launches, in issue order';
    out.push(table(caption, ['#', 'Kernel', 'Grid', 'Block', 'Shared memory', 'Time', 'Timeline'], rows, 'launches-table'));
  } else {
    out.push(el('p', { class: 'panel-empty', text: 'The program launched no kernel.' }));
  }

  const copies = data.copies.filter((c) => c.count > 0);
  if (copies.length > 0) {
    out.push(table('Copies per direction', ['Direction', 'Copies', 'Bytes', 'Time', 'Rate'], copies.map((c) =>
      el('tr', { class: 'copy-row', 'data-kind': c.kind },
        el('th', { scope: 'row', text: COPIES[c.kind] || c.kind }),
        num(String(c.count)),
        num(`${formatBytes(c.bytes)}`, { class: 'num bytes', 'data-bytes': String(c.bytes) }),
        num(formatMs(c.ms)), num(formatRate(c.bytes, c.ms)))),
    'copies-table'));
    out.push(el('p', { class: 'panel-note', text: COPY_TIMES[data.backend] || '' }));
  }
  return out;
}

function yesNo(b) {
  return b ? 'yes' : 'no';
}

/** The Device tab's content (DevicePanel's JSON). */
export function renderDevice(d) {
  const rows = [];
  const row = (name, value, key) => rows.push(el('tr', { 'data-key': key },
    el('th', { scope: 'row', text: name }), el('td', { class: 'mono', text: String(value) })));
  let title;
  if (d.backend === 'cpu') {
    title = 'CPU emulator';
    row('Name', d.name, 'name');
    row('Warp size', d.warpSize, 'warpSize');
    row('Threads per block', d.maxThreadsPerBlock, 'maxThreadsPerBlock');
    row('Shared memory per block', formatBytes(d.sharedMemPerBlock), 'sharedMemPerBlock');
    row('Device memory', formatBytes(d.totalGlobalMem), 'totalGlobalMem');
  } else {
    title = 'WebGPU adapter';
    const sub = d.subgroupMinSize === 0 ? 'not reported'
      : d.subgroupMinSize === d.subgroupMaxSize ? String(d.subgroupMinSize) : `${d.subgroupMinSize} to ${d.subgroupMaxSize}`;
    row('Vendor', d.vendor || '(hidden by the browser)', 'vendor');
    row('Architecture', d.architecture || '(hidden by the browser)', 'architecture');
    if (d.device) row('Device', d.device, 'device');
    if (d.description) row('Description', d.description, 'description');
    row('Fallback (software) adapter', d.fallback ? 'yes: fallback adapter' : 'no', 'fallback');
    row('Subgroup size', sub, 'subgroupSize');
    row('Warp functions', d.warpsOnSubgroups ? 'on 32-lane subgroups' : 'emulated (32 lanes through workgroup memory)', 'warps');
    row('Max invocations per workgroup', d.maxInvocationsPerWorkgroup, 'maxInvocationsPerWorkgroup');
    row('Max workgroup size', dims(d.maxWorkgroupSize), 'maxWorkgroupSize');
    row('Max workgroups per dimension', d.maxWorkgroupsPerDimension, 'maxWorkgroupsPerDimension');
    row('Workgroup storage (shared memory)', `${formatBytes(d.maxWorkgroupStorageSize)} (${d.maxWorkgroupStorageSize} bytes)`, 'maxWorkgroupStorageSize');
    row('Max storage buffer binding size', `${formatBytes(d.maxStorageBufferBindingSize)} (${d.maxStorageBufferBindingSize} bytes)`, 'maxStorageBufferBindingSize');
    row('Max buffer size', `${formatBytes(d.maxBufferSize)} (${d.maxBufferSize} bytes)`, 'maxBufferSize');
    row('Storage buffers per kernel', d.maxStorageBuffersPerShaderStage, 'maxStorageBuffersPerShaderStage');
    row('IEEE infinities, NaN, subnormals', yesNo(d.ieeeFloat), 'ieeeFloat');
  }
  const out = [table(title, ['Property', 'Value'], rows, 'device-table')];
  if (d.features) {
    out.push(table('Optional features', ['Feature', 'The adapter has it', 'Enabled by webcu'], d.features.map((f) =>
      el('tr', { class: 'feature-row', 'data-feature': f.name },
        el('th', { scope: 'row', class: 'mono', text: f.name }),
        el('td', { text: yesNo(f.adapter) }),
        el('td', { text: f.used ? 'yes' : f.adapter ? 'no (not needed)' : 'no' }))),
    'features-table'));
  }
  out.push(el('h3', { class: 'panel-heading', id: 'device-notes-title', text: 'Where a CUDA program sees a difference' }));
  out.push(el('ul', { class: 'device-notes', 'aria-labelledby': 'device-notes-title' }, ...d.notes.map((n) => el('li', { text: n }))));
  return out;
}

/**
 * Adds the Launches and Device tabs and their panels to the results tab strip; the strip's one
 * switcher (views.js, CodeViews.installTabs) shows the panel a tab's aria-controls names.
 */
export class ResultPanels {
  constructor(tabStrip, container) {
    this.strip = tabStrip;
    this.panels = {};
    for (const [kind, label, empty] of [
      ['launches', 'Launches', 'Run a program to see its kernel launches and copies here.'],
      ['device', 'Device', 'Run a program to see the device it ran on.'],
    ]) {
      const tab = el('button', { type: 'button', role: 'tab', id: 'tab-' + kind, 'aria-selected': 'false',
        'aria-controls': 'panel-' + kind, tabindex: '-1', text: label });
      const panel = el('div', { id: 'panel-' + kind, class: 'result-panel', role: 'tabpanel', 'aria-labelledby': 'tab-' + kind,
        tabindex: '0', hidden: true, 'data-state': 'empty' }, el('p', { class: 'panel-empty', text: empty }));
      this.strip.append(tab);
      container.append(panel);
      this.panels[kind] = { panel, empty };
    }
  }

  /** A new run: the last run's panels no longer describe it. */
  clear() {
    for (const { panel, empty } of Object.values(this.panels)) {
      panel.replaceChildren(el('p', { class: 'panel-empty', text: empty }));
      panel.setAttribute('data-state', 'empty');
    }
  }

  /** kind: 'launches' or 'device'; data as the worker sent it. */
  show(kind, data) {
    const p = this.panels[kind];
    if (!p) return;
    p.panel.replaceChildren(...(kind === 'launches' ? renderLaunches(data) : renderDevice(data)));
    p.panel.setAttribute('data-state', 'ready');
  }
}
