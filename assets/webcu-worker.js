// webcu engine: loads the TeaVM build of the compiler and VM (wasm-gc where the browser supports
// it, else the JavaScript build) and runs the programs the page sends, one at a time.
//
// Normally this file is a Web Worker's script. Where workers are unusable (?worker=0 on the page's
// URL, or no Worker at all) the page loads it with a <script> tag and talks to the same engine
// through the same messages on its own thread.
//
// Messages, page -> engine: {type: 'run', backend, files: [{path, text, compile}], includeDirs,
// defines: [{name, value}], args, stdin (text or null)}, {type: 'stop'}, and for the compile-time
// benchmark {type: 'bench-compile', files, includeDirs, defines, repeat, keepHeaders}, answered with
// {type: 'bench', millis: [ms, ...]}. Engine -> page: {type: 'ready', build},
// {type: 'output', stream: 1|2, text}, {type: 'stage', stage: 'compiling'|'host'|'kernel:NAME'},
// {type: 'diagnostics', diagnostics: [{file, line, column, length, severity, key, message, notes}]}
// (once per compile, before the rendered diagnostics reach stderr), {type: 'views', views} (the
// generated WGSL and IR with their line maps, webcu.app.CodeViews; once per compile, before the
// program starts), {type: 'device', device} (when the run's device opens) and {type: 'launches',
// launches} (just before the exit): the device and launches panels' data (webcu.app.DevicePanel,
// webcu.app.LaunchLog), {type: 'exit', status},
// {type: 'crash', message}.
'use strict';

// A wasm module with one GC struct type: validates only where the browser has wasm-gc.
var WEBCU_WASM_GC_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 3, 1, 95, 0];

// Tasks that Java code wants to run after the current slice run as microtasks (no delay), except
// that every WEBCU_YIELD_MS one goes through setTimeout so that the event loop gets a turn. Nested
// setTimeout calls are clamped to 4 ms, and MessageChannel is not usable in every engine's workers
// (HtmlUnit's throws from Java), so neither is used for every slice.
var WEBCU_YIELD_MS = 50;

/**
 * Starts loading the engine. build: 'auto', 'js' or 'wasm-gc'; loadScript(url) returns a promise;
 * emit(message) delivers a message to the page. Returns a function that takes the page's messages.
 */
function webcuEngine(build, loadScript, emit) {
  var tasks = [];
  var lastYield = Date.now();

  function crash(e) {
    emit({ type: 'crash', message: (e && e.message) ? e.message : String(e) });
  }

  function runTask() {
    var task = tasks.shift();
    if (!task) {
      return;
    }
    try {
      task();
    } catch (e) {
      crash(e);
    }
  }

  // What the Java side (webcu.app.JsHost) calls.
  self.webcuHost = {
    write: function (stream, text) {
      emit({ type: 'output', stream: stream, text: text });
    },
    exit: function (status) {
      emit({ type: 'exit', status: status });
    },
    diagnostics: function (json) {
      emit({ type: 'diagnostics', diagnostics: JSON.parse(json) });
    },
    stage: function (stage) {
      emit({ type: 'stage', stage: stage });
    },
    views: function (json) {
      emit({ type: 'views', views: JSON.parse(json) });
    },
    device: function (json) {
      emit({ type: 'device', device: JSON.parse(json) });
    },
    launches: function (json) {
      emit({ type: 'launches', launches: JSON.parse(json) });
    },
    later: function (task) {
      tasks.push(task);
      var now = Date.now();
      if (now - lastYield >= WEBCU_YIELD_MS) {
        lastYield = now;
        setTimeout(runTask, 0);
      } else {
        Promise.resolve().then(runTask);
      }
    }
  };

  function supportsWasmGc() {
    try {
      return typeof WebAssembly === 'object' && WebAssembly.validate(new Uint8Array(WEBCU_WASM_GC_PROBE));
    } catch (e) {
      return false;
    }
  }

  // TeaVM's wasm-gc loader makes its glue with new Function; under a Content Security Policy
  // without 'unsafe-eval' (a host's header on this script) only the JavaScript build can load.
  function evalAllowed() {
    try {
      return typeof new Function('return 1') === 'function';
    } catch (e) {
      return false;
    }
  }

  if (build === 'auto') {
    build = supportsWasmGc() && evalAllowed() ? 'wasm-gc' : 'js';
  }
  // The GPU watchdog's budget (docs/watchdog.md): ?watchdog=N on the worker's URL, or on the page's
  // when the engine runs there; WebGpuDevice reads it when it opens the device.
  var watchdog = /[?&]watchdog=(\d+)\b/.exec(self.location.search);
  if (watchdog) {
    self.webcuWatchdog = Number(watchdog[1]);
  }
  var loading;
  if (build === 'wasm-gc') {
    loading = loadScript('webcu.wasm-runtime.js').then(function () {
      return TeaVM.wasmGC.load('webcu.wasm');
    }).then(function (teavm) {
      return teavm.exports;
    });
  } else {
    // TeaVM's UMD wrapper puts its exports on a global named "exports" when there is one.
    self.exports = {};
    loading = loadScript('webcu.js').then(function () {
      return self.exports;
    });
  }
  var ready = loading.then(function (api) {
    api.main([]);
    emit({ type: 'ready', build: build });
    return api;
  });
  ready.catch(crash);

  return function (msg) {
    ready.then(function (api) {
      try {
        if (msg.type === 'stop') {
          tasks.length = 0;
          api.stop();
          return;
        }
        if (msg.type !== 'run' && msg.type !== 'bench-compile') {
          return;
        }
        api.reset();
        msg.files.forEach(function (f) { api.addFile(f.path, f.text, !!f.compile); });
        msg.includeDirs.forEach(function (d) { api.addIncludeDir(d); });
        msg.defines.forEach(function (d) { api.addDefine(d.name, d.value); });
        if (msg.type === 'bench-compile') {
          emit({ type: 'bench', millis: JSON.parse(api.benchmarkCompile(msg.repeat | 0, !!msg.keepHeaders)) });
          return;
        }
        msg.args.forEach(function (a) { api.addArg(a); });
        if (msg.stdin != null) {
          api.setStdin(String(msg.stdin));
        }
        api.start(msg.backend);
      } catch (err) {
        crash(err);
      }
    }, crash);
  };
}

// Bootstrap when this file is a worker's script.
if (typeof window === 'undefined' && typeof importScripts === 'function') {
  (function () {
    var m = /[?&]build=(js|wasm-gc)\b/.exec(self.location.search);
    var handle = webcuEngine(m ? m[1] : 'auto',
      function (url) {
        try {
          importScripts(url);
          return Promise.resolve();
        } catch (e) {
          return Promise.reject(e);
        }
      },
      function (msg) { self.postMessage(msg); });
    self.onmessage = function (e) { handle(e.data); };
  })();
}
