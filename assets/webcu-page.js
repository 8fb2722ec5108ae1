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
(function () {
  'use strict';

  var MAIN_FILE = 'main.cu';
  var source = document.getElementById('source');
  var backend = document.getElementById('backend');
  var runButton = document.getElementById('run');
  var stopButton = document.getElementById('stop');
  var output = document.getElementById('output');
  var statusLine = document.getElementById('status');

  var worker = null;
  var workerBuild = null;       // "wasm-gc" or "js" once the worker said it is ready
  var running = false;
  var startedAt = 0;
  // Files beyond the source box, include directories, macros and arguments set through
  // window.webcu.setProject; the source box always holds the first file to compile.
  var project = { files: [{ path: MAIN_FILE, compile: true }], includeDirs: [], defines: [], args: [] };

  function setState(state, exitCode) {
    document.body.setAttribute('data-state', state);
    if (exitCode === undefined) {
      document.body.removeAttribute('data-exit-code');
    } else {
      document.body.setAttribute('data-exit-code', String(exitCode));
    }
  }

  function setStatus(text) {
    statusLine.textContent = text;
  }

  // Appends text to the output panel, merging it into the last span when the stream is the same,
  // so that the panel holds one span per change of stream.
  function write(stream, text) {
    if (text === '') {
      return;
    }
    var cls = stream === 2 ? 'stderr' : 'stdout';
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

  function useWorker() {
    return typeof Worker === 'function' && !/[?&]worker=0\b/.test(window.location.search);
  }

  function startWorker() {
    workerBuild = null;
    if (!useWorker()) {
      worker = inPageEngine();
      return;
    }
    worker = new Worker('webcu-worker.js?build=' + requestedBuild());
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
        return webcuEngine(requestedBuild(), loadScript, onWorkerMessage);
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
        workerBuild = msg.build;
        document.body.setAttribute('data-build', msg.build);
        if (!running) {
          setStatus('Ready (' + msg.build + ' build).');
        }
        break;
      case 'output':
        write(msg.stream, msg.text);
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

  function finish(status, what) {
    running = false;
    runButton.disabled = false;
    stopButton.disabled = true;
    var ms = Math.round(performance.now() - startedAt);
    setStatus('Program ' + what + ' after ' + ms + ' ms' + (workerBuild ? ' (' + workerBuild + ' build).' : '.'));
    setState('done', status);
  }

  function collectFiles() {
    var files = [];
    for (var i = 0; i < project.files.length; i++) {
      var f = project.files[i];
      files.push({ path: f.path, text: i === 0 ? source.value : f.text, compile: !!f.compile });
    }
    return files;
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
    output.textContent = '';
    runButton.disabled = true;
    stopButton.disabled = false;
    var which = backend.value;
    setStatus('Compiling and running on ' + (which === 'webgpu' ? 'WebGPU' : 'the CPU emulator') + '…');
    setState('running');
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
    runButton.disabled = false;
    stopButton.disabled = true;
    write(2, 'webcu: stopped\n');
    setStatus('Stopped.');
    setState('stopped');
    startWorker();
  }

  // Sets what the next run compiles. files: [{path, text, compile}], the first with compile set
  // goes into the source box; includeDirs: [dir]; defines: [{name, value}]; args: [string];
  // stdin: the program's standard input (text; absent: none).
  function setProject(p) {
    var files = (p.files || []).slice();
    var first = -1;
    for (var i = 0; i < files.length; i++) {
      if (files[i].compile) {
        first = i;
        break;
      }
    }
    if (first < 0) {
      throw new Error('setProject: no file to compile');
    }
    var main = files.splice(first, 1)[0];
    files.unshift(main);
    source.value = main.text;
    project = {
      files: files.map(function (f) { return { path: String(f.path), text: String(f.text), compile: !!f.compile }; }),
      includeDirs: (p.includeDirs || []).map(String),
      defines: (p.defines || []).map(function (d) { return { name: String(d.name), value: d.value == null ? '1' : String(d.value) }; }),
      args: (p.args || []).map(String),
      stdin: p.stdin == null ? null : String(p.stdin)
    };
  }

  // The output panel as [[class, text], ...], text exactly as shown.
  function outputSpans() {
    var spans = [];
    for (var n = output.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 1) {
        spans.push([n.className, n.textContent]);
      }
    }
    return spans;
  }

  runButton.addEventListener('click', run);
  stopButton.addEventListener('click', stop);
  source.addEventListener('keydown', function (e) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      run();
    }
  });
  if (!('gpu' in navigator)) {
    backend.value = 'cpu';
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
    run: run,
    stop: stop,
    outputSpans: outputSpans
  };

  startWorker();
  runButton.disabled = false;
  setState('idle');
  setStatus('Loading the compiler…');
})();
