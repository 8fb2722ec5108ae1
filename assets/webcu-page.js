// webcu page glue: runs programs in a Web Worker (webcu-worker.js) and shows their output.
//
// Why a worker: the compiler and the VM are Java compiled by TeaVM; in a worker a long host loop
// never freezes the page, and Stop simply terminates the worker (WebGPU works in workers too).
// The worker stays alive between runs so that the compiled module loads once; after Stop or a
// crash the next run starts a fresh one. Where workers are unusable (?worker=0, or no Worker),
// the same engine runs on the page's thread in slices, and Stop tells it to drop the run.
//
// Tests and embedding pages drive the page through window.webcu (see the end of this file) and
// wait for document.body.dataset.state to become "done"; dataset.exitCode then holds the status.
//
// This file holds the project (files, settings), runs it and keeps the output; it is plain ES5 so
// that every browser and HtmlUnit run it. The editor and the terminal (webcu-ui.js, a module
// bundled from app/web) attach to it as a view through webcu.attachView; without them the page
// is the textarea and the <pre> below, which work on their own.
(function () {
  'use strict';

  var MAIN_FILE = 'main.cu';
  var STORAGE_KEY = 'webcu.project.v1';
  var EXAMPLE_KEY = 'webcu.example.v1';
  // An embedded page (embed.html: data-embed on <html>) lives in someone else's course page: it
  // neither reads nor overwrites the project the same visitor keeps in the full playground.
  var persist = !document.documentElement.hasAttribute('data-embed');
  var source = document.getElementById('source');
  var backend = document.getElementById('backend');
  var runButton = document.getElementById('run');
  var stopButton = document.getElementById('stop');
  var output = document.getElementById('output');
  var statusLine = document.getElementById('status');
  var notice = document.getElementById('notice');

  var worker = null;
  var workerBuild = null;       // "wasm-gc" or "js" once the worker said it is ready
  var running = false;
  var startedAt = 0;
  var stage = null;             // what the running program is doing: "compiling", "host", "kernel:NAME"
  var diagnostics = [];         // the last compile's diagnostics, as the worker sent them
  var generated = null;         // the last compile's generated code (webcu.app.CodeViews), as the worker sent it
  var panels = {};              // the last run's device and launches panels' data (worker 'device'/'launches')
  var spans = [];               // the output as [[class, text], ...], one entry per change of stream
  var ticker = null;
  // The attached view (webcu-ui.js): the editor and the terminal. Null: the textarea and the <pre>.
  var view = null;
  // The gallery example the project came from ({name, project}, set by the Examples menu through
  // setExample), which "reset to the example" brings back; null: the page's own example below.
  var example = loadExample();
  // Who else wants to know what happens (the embed API, webcu-ui.js): fn({type, ...}).
  var listeners = [];
  // Code the learner does not see, appended to a file of the same path (or added as a file) when
  // the program is compiled: an embed's checking main or test harness. [{path, text}]
  var hiddenCode = [];
  // Every file with its text, include directories, macros, arguments and standard input; the
  // source box shows the first file to compile. Saved in localStorage as it changes.
  var project = loadProject() || exampleProject();

  function exampleProject() {
    if (example) {
      return JSON.parse(JSON.stringify(example.project));
    }
    return {
      files: [{ path: MAIN_FILE, text: source.defaultValue, compile: true }],
      includeDirs: [], defines: [], args: [], stdin: null
    };
  }

  function firstCompiled(p) {
    for (var i = 0; i < p.files.length; i++) {
      if (p.files[i].compile) {
        return i;
      }
    }
    return -1;
  }

  // A project from outside (storage, setProject, the view) in the page's own shape; throws when it
  // has nothing to compile.
  function normalize(p) {
    var files = (p.files || []).map(function (f) {
      return { path: String(f.path), text: String(f.text == null ? '' : f.text), compile: !!f.compile };
    });
    var q = {
      files: files,
      includeDirs: (p.includeDirs || []).map(String),
      defines: (p.defines || []).map(function (d) { return { name: String(d.name), value: d.value == null ? '1' : String(d.value) }; }),
      args: (p.args || []).map(String),
      stdin: p.stdin == null ? null : String(p.stdin)
    };
    if (firstCompiled(q) < 0) {
      throw new Error('setProject: no file to compile');
    }
    return q;
  }

  function copyProject() {
    return JSON.parse(JSON.stringify(project));
  }

  function loadProject() {
    if (!persist) {
      return null;
    }
    try {
      var text = window.localStorage && window.localStorage.getItem(STORAGE_KEY);
      return text ? normalize(JSON.parse(text)) : null;
    } catch (e) {
      return null;   // storage off (private mode, file://) or a project this page cannot read
    }
  }

  function loadExample() {
    if (!persist) {
      return null;
    }
    try {
      var text = window.localStorage && window.localStorage.getItem(EXAMPLE_KEY);
      var e = text ? JSON.parse(text) : null;
      return e ? { name: String(e.name), project: normalize(e.project) } : null;
    } catch (e) {
      return null;
    }
  }

  var saveTimer = null;
  function saveSoon() {
    if (saveTimer === null) {
      saveTimer = setTimeout(saveNow, 300);
    }
  }

  function saveNow() {
    if (saveTimer !== null) {
      clearTimeout(saveTimer);
      saveTimer = null;
    }
    if (!persist) {
      return;
    }
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(project));
    } catch (e) {
      // full or unavailable: the page keeps working without autosave
    }
  }

  function showProject() {
    var i = firstCompiled(project);
    source.value = i < 0 ? '' : project.files[i].text;
  }

  function emit(event) {
    for (var i = 0; i < listeners.length; i++) {
      try {
        listeners[i](event);
      } catch (e) {
        // one listener's failure must not stop the run or the others
        if (window.console) {
          console.error(e);
        }
      }
    }
  }

  function setState(state, exitCode) {
    document.body.setAttribute('data-state', state);
    if (exitCode === undefined) {
      document.body.removeAttribute('data-exit-code');
    } else {
      document.body.setAttribute('data-exit-code', String(exitCode));
    }
  }

  // tone: "error" for a failure, else neutral; the view may style it.
  function setStatus(text, tone) {
    statusLine.textContent = text;
    statusLine.setAttribute('data-tone', tone || '');
  }

  function showNotice(text) {
    if (notice) {
      notice.textContent = text;
      notice.hidden = !text;
    }
  }

  // Keeps the output as spans (one per change of stream) and shows it in the view's terminal, or
  // else in the <pre>, whose spans then match the list exactly.
  function write(stream, text) {
    if (text === '') {
      return;
    }
    var cls = stream === 2 ? 'stderr' : 'stdout';
    emit({ type: 'output', stream: cls, text: text });
    if (spans.length > 0 && spans[spans.length - 1][0] === cls) {
      spans[spans.length - 1][1] += text;
    } else {
      spans.push([cls, text]);
    }
    if (view && view.output) {
      view.output(stream, text);
      return;
    }
    var last = output.lastChild;
    if (!last || last.className !== cls) {
      last = document.createElement('span');
      last.className = cls;
      output.appendChild(last);
    }
    last.appendChild(document.createTextNode(text));
  }

  // Which TeaVM build the worker loads: ?build=js or ?build=wasm-gc on the page's URL forces one,
  // otherwise the worker picks wasm-gc where the browser supports it.
  function requestedBuild() {
    var m = /[?&]build=(js|wasm-gc)\b/.exec(window.location.search);
    return m ? m[1] : 'auto';
  }

  // TeaVM's wasm-gc loader makes its glue with new Function, which the pages' Content Security
  // Policy (a <meta>) forbids; on the page's own thread only the JavaScript build can load then.
  // Read from the policy rather than tried, since a refused eval is reported as a violation.
  function inPageBuild() {
    var b = requestedBuild();
    var meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
    if (b === 'auto' && meta && !/'unsafe-eval'/.test(meta.getAttribute('content') || '')) {
      return 'js';
    }
    return b;
  }

  function useWorker() {
    return typeof Worker === 'function' && !/[?&]worker=0\b/.test(window.location.search);
  }

  function startWorker() {
    workerBuild = null;
    if (!useWorker()) {
      worker = inPageEngine();
      return;
    }
    // ?watchdog=N (loop iterations per GPU invocation, docs/watchdog.md) reaches the worker's engine
    var watchdog = /[?&](watchdog=\d+)\b/.exec(window.location.search);
    worker = new Worker('webcu-worker.js?build=' + requestedBuild() + (watchdog ? '&' + watchdog[1] : ''));
    worker.onmessage = function (e) { onWorkerMessage(e.data); };
    worker.onerror = function (e) {
      if (e && e.preventDefault) {
        e.preventDefault();
      }
      onWorkerMessage({ type: 'crash', message: (e && e.message) || 'the worker failed' });
    };
  }

  function loadScript(url) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = url;
      script.onload = function () { resolve(); };
      script.onerror = function () { reject(new Error('cannot load ' + url)); };
      document.head.appendChild(script);
    });
  }

  // The engine on the page's own thread, behind the worker's interface. It is loaded once: a
  // stopped run is dropped by the engine itself.
  var pageEngine = null;
  function inPageEngine() {
    if (!pageEngine) {
      var handle = loadScript('webcu-worker.js').then(function () {
        return webcuEngine(inPageBuild(), loadScript, onWorkerMessage);
      });
      handle.catch(function (e) { onWorkerMessage({ type: 'crash', message: e.message }); });
      pageEngine = {
        postMessage: function (msg) { handle.then(function (h) { h(msg); }); },
        terminate: function () { this.postMessage({ type: 'stop' }); }
      };
    }
    return pageEngine;
  }

  function onWorkerMessage(msg) {
    switch (msg.type) {
      case 'ready':
        // for the cold-start benchmark (webcu.browser.PageBudgetBenchmark): ready to compile
        if (performance.mark) { performance.mark('webcu-engine-ready'); }
        workerBuild = msg.build;
        document.body.setAttribute('data-build', msg.build);
        if (!running) {
          setStatus('Ready (' + msg.build + ' build).');
        }
        emit({ type: 'ready', build: msg.build });
        break;
      case 'output':
        write(msg.stream, msg.text);
        if (msg.stream === 2 && backend.value === 'webgpu') {
          noticeGpuTrouble(msg.text);
        }
        break;
      case 'stage':
        setStage(msg.stage);
        break;
      case 'diagnostics':
        diagnostics = msg.diagnostics;
        if (view && view.diagnostics) {
          view.diagnostics(diagnostics);
        }
        break;
      case 'views':
        generated = msg.views;
        if (view && view.views) {
          view.views(generated);
        }
        break;
      case 'device':
      case 'launches':
        // the device and launches panels (app/web/src/panels.js); kept for webcu.panels()
        panels[msg.type] = msg[msg.type];
        if (view && view.panel) {
          view.panel(msg.type, msg[msg.type]);
        }
        break;
      case 'bench':
        if (benchDone) {
          var done = benchDone;
          benchDone = null;
          done(msg.millis);
        }
        break;
      case 'exit':
        finish(msg.status, 'exited with status ' + msg.status);
        break;
      case 'crash':
        // The worker's Java code trapped or failed to load: its state cannot be trusted any more.
        write(2, 'webcu: internal error: ' + msg.message + '\n');
        discardWorker();
        if (running) {
          finish(70, 'failed');
        } else {
          setStatus('The compiler failed to load: ' + msg.message);
        }
        break;
      default:
        break;
    }
  }

  function discardWorker() {
    if (worker) {
      worker.terminate();
      worker = null;
    }
  }

  function elapsed() {
    return Math.round(performance.now() - startedAt);
  }

  function stageText() {
    if (stage === 'compiling') {
      return 'Compiling';
    }
    if (stage === 'host') {
      return 'Running host code';
    }
    if (stage && stage.indexOf('kernel:') === 0) {
      return 'Running kernel ' + stage.substring(7);
    }
    return 'Starting';
  }

  function showRunning() {
    var where = backend.value === 'webgpu' ? 'WebGPU' : 'the CPU emulator';
    setStatus(stageText() + ' on ' + where + '… ' + (elapsed() / 1000).toFixed(1) + ' s');
  }

  function setStage(s) {
    stage = s;
    emit({ type: 'stage', stage: s });
    document.body.setAttribute('data-stage', s);
    if (running) {
      showRunning();
    }
  }

  function countErrors() {
    var n = 0;
    for (var i = 0; i < diagnostics.length; i++) {
      if (diagnostics[i].severity === 'error') {
        n++;
      }
    }
    return n;
  }

  function finish(status, what) {
    running = false;
    clearInterval(ticker);
    runButton.disabled = false;
    stopButton.disabled = true;
    var ms = elapsed();
    var build = workerBuild ? ' (' + workerBuild + ' build).' : '.';
    var errors = countErrors();
    if (stage === 'compiling' && errors > 0) {
      // the program never ran: say so, rather than "exited with status 1"
      document.body.setAttribute('data-stage', 'compile-failed');
      setStatus('Compilation failed: ' + errors + (errors === 1 ? ' error' : ' errors') + ' after ' + ms + ' ms' + build, 'error');
    } else {
      setStatus('Program ' + what + ' after ' + ms + ' ms' + build, status === 0 ? '' : 'error');
    }
    setState('done', status);
    if (view && view.finished) {
      view.finished(status, ms);
    }
    emit({ type: 'finished', exitCode: status, millis: ms });
  }

  function collectFiles() {
    if (!view) {
      // the source box is the editor: take what it holds, even where no input event told us
      var i = firstCompiled(project);
      if (project.files[i].text !== source.value) {
        project.files[i].text = source.value;
        saveSoon();
      }
    }
    var files = project.files.map(function (f) { return { path: f.path, text: f.text, compile: f.compile }; });
    for (var h = 0; h < hiddenCode.length; h++) {
      var extra = hiddenCode[h];
      var into = null;
      for (var j = 0; j < files.length; j++) {
        if (files[j].path === extra.path) {
          into = files[j];
        }
      }
      if (into) {
        into.text += (into.text === '' || into.text.charAt(into.text.length - 1) === '\n' ? '' : '\n') + extra.text;
      } else {
        files.push({ path: extra.path, text: extra.text, compile: /\.(cu|cpp|cc|cxx|c)$/i.test(extra.path) });
      }
    }
    return files;
  }

  // Sets the hidden code of the next runs: [{path, text}] (see hiddenCode).
  function setHiddenCode(list) {
    hiddenCode = (list || []).map(function (h) { return { path: String(h.path), text: String(h.text) }; });
  }

  function clearOutput() {
    spans = [];
    output.textContent = '';
    if (view && view.clearOutput) {
      view.clearOutput();
    }
  }

  function run() {
    if (running) {
      return;
    }
    if (!worker) {
      startWorker();
    }
    running = true;
    startedAt = performance.now();
    clearOutput();
    diagnostics = [];
    panels = {};
    stage = null;
    document.body.removeAttribute('data-stage');
    runButton.disabled = true;
    stopButton.disabled = false;
    var which = backend.value;
    saveNow();
    showRunning();
    ticker = setInterval(showRunning, 100);
    setState('running');
    if (view && view.started) {
      view.started();
    }
    emit({ type: 'started', backend: which });
    worker.postMessage({
      type: 'run',
      backend: which,
      files: collectFiles(),
      includeDirs: project.includeDirs.slice(),
      defines: project.defines.slice(),
      args: project.args.slice(),
      stdin: project.stdin
    });
  }

  function stop() {
    if (!running) {
      return;
    }
    discardWorker();
    running = false;
    clearInterval(ticker);
    runButton.disabled = false;
    stopButton.disabled = true;
    write(2, 'webcu: stopped\n');
    setStatus('Stopped after ' + elapsed() + ' ms.');
    setState('stopped');
    if (view && view.finished) {
      view.finished(null, elapsed());
    }
    emit({ type: 'finished', exitCode: null, millis: elapsed() });
    startWorker();
  }

  // Sets what the next run compiles. files: [{path, text, compile}] (at least one to compile; the
  // first goes into the source box); includeDirs: [dir]; defines: [{name, value}]; args: [string];
  // stdin: the program's standard input (text; absent: none). Saved like the user's edits.
  function setProject(p) {
    project = normalize(p);
    showProject();
    saveNow();
    if (view && view.projectChanged) {
      view.projectChanged(copyProject());
    }
  }

  // The view's edits: a whole project in the same shape, without echoing it back to the view.
  function updateProject(p) {
    project = normalize(p);
    showProject();
    saveSoon();
  }

  // Back to the example: the gallery's last chosen one, else the one the page came with.
  function resetProject() {
    setProject(exampleProject());
  }

  // Makes p (a gallery example called name) the project and the example that reset brings back.
  function setExample(name, p) {
    example = { name: String(name), project: normalize(p) };
    try {
      if (persist) {
        window.localStorage.setItem(EXAMPLE_KEY, JSON.stringify(example));
      }
    } catch (e) {
      // not remembered across reloads
    }
    document.body.setAttribute('data-example', example.name);
    setProject(example.project);
  }

  // No adapter, or the device was lost (a GPU reset, a driver crash): later runs go to the CPU
  // emulator, and the notice says why.
  function noticeGpuTrouble(text) {
    var m = /webcu: cannot use the webgpu backend: ([^\n]*)/.exec(text) || /(the GPU device was lost \((?!destroyed)[^\n]*)/.exec(text);
    if (m) {
      fallBackToCpu('WebGPU could not be used (' + m[1] + '): the CPU emulator is selected for the next runs.');
    }
  }

  function fallBackToCpu(why) {
    backend.value = 'cpu';
    document.body.setAttribute('data-webgpu', 'unavailable');
    showNotice(why);
  }

  // The output as [[class, text], ...], text exactly as the program wrote it (and as the <pre> or
  // the terminal shows it).
  function outputSpans() {
    return spans.map(function (s) { return [s[0], s[1]]; });
  }

  // Attaches the editor and terminal (webcu-ui.js). v may have: projectChanged(project),
  // output(stream, text), clearOutput(), diagnostics(list), views(generated), started(),
  // finished(status|null, ms), panel(kind, data) with kind 'device' or 'launches'.
  function attachView(v) {
    if (performance.mark) { performance.mark('webcu-view-ready'); }
    view = v;
    document.body.setAttribute('data-ui', 'editor');
    for (var i = 0; i < spans.length; i++) {
      v.output(spans[i][0] === 'stderr' ? 2 : 1, spans[i][1]);
    }
    if (diagnostics.length > 0 && v.diagnostics) {
      v.diagnostics(diagnostics);
    }
    if (generated && v.views) {
      v.views(generated);
    }
    for (var kind in panels) {
      if (v.panel) {
        v.panel(kind, panels[kind]);
      }
    }
  }

  runButton.addEventListener('click', run);
  stopButton.addEventListener('click', stop);
  source.addEventListener('input', function () {
    var i = firstCompiled(project);
    if (i >= 0) {
      project.files[i].text = source.value;
      saveSoon();
    }
  });
  // Ctrl/Cmd+Enter runs and Esc stops, wherever the focus is.
  // (an editor that handled the key itself marks it defaultPrevented)
  document.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
      e.preventDefault();
      run();
    } else if (e.key === 'Escape' && running && !e.defaultPrevented) {
      e.preventDefault();
      stop();
    }
  });
  window.addEventListener('pagehide', function () {
    if (saveTimer !== null) {
      saveNow();
    }
  });
  // ?webgpu=0 behaves as a browser without WebGPU (tests, and users whose GPU driver misbehaves).
  if (!('gpu' in navigator) || /[?&]webgpu=0\b/.test(window.location.search)) {
    fallBackToCpu('This browser has no WebGPU: kernels run on the CPU emulator, which computes the same results more slowly.');
  } else if (navigator.gpu && navigator.gpu.requestAdapter) {
    navigator.gpu.requestAdapter().then(function (adapter) {
      if (!adapter) {
        fallBackToCpu('WebGPU is present but offers no GPU adapter here: kernels run on the CPU emulator.');
      }
    }, function () {
      fallBackToCpu('WebGPU failed to start: kernels run on the CPU emulator.');
    });
  }

  // The compile-time benchmark (bench/README.md): compiles the project repeat times in the engine
  // and resolves with each compile's milliseconds. Not while a program runs.
  var benchDone = null;
  function benchmarkCompile(repeat, keepHeaders) {
    return new Promise(function (resolve, reject) {
      if (running || benchDone) {
        reject(new Error('busy'));
        return;
      }
      benchDone = resolve;
      worker.postMessage({
        type: 'bench-compile',
        files: collectFiles(),
        includeDirs: project.includeDirs.slice(),
        defines: project.defines.slice(),
        repeat: repeat,
        keepHeaders: keepHeaders !== false
      });
    });
  }

  window.webcu = {
    benchmarkCompile: benchmarkCompile,
    setProject: setProject,
    project: copyProject,
    updateProject: updateProject,
    resetProject: resetProject,
    setExample: setExample,
    exampleName: function () { return example ? example.name : null; },
    exampleProject: exampleProject,
    run: run,
    stop: stop,
    clearOutput: clearOutput,
    outputSpans: outputSpans,
    diagnostics: function () { return JSON.parse(JSON.stringify(diagnostics)); },
    generatedCode: function () { return generated && JSON.parse(JSON.stringify(generated)); },
    isRunning: function () { return running; },
    panels: function () { return JSON.parse(JSON.stringify(panels)); },
    attachView: attachView,
    setHiddenCode: setHiddenCode,
    addListener: function (fn) { listeners.push(fn); },
    isReady: function () { return workerBuild !== null; }
  };

  if (example) {
    document.body.setAttribute('data-example', example.name);
  }
  showProject();
  startWorker();
  runButton.disabled = false;
  setState('idle');
  setStatus('Loading the compiler…');
})();
