// webcu boot: what must happen before the first paint, and the offline app's service worker.
//
// A file of its own (loaded from <head>, not inline) because the pages' Content Security Policy
// allows scripts from the site only. Plain ES5, like webcu-page.js.
(function () {
  'use strict';

  // The theme before the first paint, so that a dark page does not flash light: an embed's
  // ?theme=light|dark wins, else the theme the playground's toggle saved.
  var theme = null;
  var m = /[?&]theme=(light|dark)\b/.exec(window.location.search);
  if (m) {
    theme = m[1];
  } else if (!document.documentElement.hasAttribute('data-embed')) {
    try {
      theme = localStorage.getItem('webcu.theme');
    } catch (e) {
      // storage off: the system's theme
    }
  }
  if (theme === 'light' || theme === 'dark') {
    document.documentElement.setAttribute('data-theme', theme);
  }

  // The service worker (sw.js) keeps every file of the build for offline use. When a new build is
  // deployed, the browser installs its service worker beside the running one; the page then offers
  // a reload, and only a press of it lets the new one take over (skipWaiting), so a running
  // program is never cut short by an update. ?sw=0 leaves it out (tests of the bare page).
  if (!('serviceWorker' in navigator) || /[?&]sw=0\b/.test(window.location.search)) {
    return;
  }
  var reloading = false;

  function offerUpdate(waiting) {
    var bar = document.getElementById('update-notice');
    if (!bar) {
      bar = document.createElement('div');
      bar.id = 'update-notice';
      bar.setAttribute('role', 'status');
      var text = document.createElement('span');
      text.textContent = 'A new version of webcu is ready. ';
      var button = document.createElement('button');
      button.type = 'button';
      button.id = 'update-reload';
      button.textContent = 'Reload';
      bar.appendChild(text);
      bar.appendChild(button);
      document.body.insertBefore(bar, document.body.firstChild);
    }
    document.getElementById('update-reload').onclick = function () {
      reloading = true;
      waiting.postMessage({ type: 'skipWaiting' });
    };
    document.documentElement.setAttribute('data-update', 'ready');
  }

  function track(worker) {
    worker.addEventListener('statechange', function () {
      // the first install has nothing to replace: only a second build is an update
      if (worker.state === 'installed' && navigator.serviceWorker.controller) {
        offerUpdate(worker);
      }
    });
  }

  function watch(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) {
      offerUpdate(registration.waiting);
    }
    // the browser looks for a new build on every navigation, often before this page's load event
    if (registration.installing) {
      track(registration.installing);
    }
    registration.addEventListener('updatefound', function () {
      if (registration.installing) {
        track(registration.installing);
      }
    });
  }

  navigator.serviceWorker.addEventListener('controllerchange', function () {
    if (reloading) {
      window.location.reload();
    }
  });

  window.addEventListener('load', function () {
    // relative, so that the worker's scope is the folder the app is served from (any sub-path)
    navigator.serviceWorker.register('sw.js').then(function (registration) {
      document.documentElement.setAttribute('data-sw', 'registered');
      watch(registration);
      // a tab left open for days still learns of a new build
      setInterval(function () { registration.update().catch(function () {}); }, 60 * 60 * 1000);
    }, function (e) {
      document.documentElement.setAttribute('data-sw', 'failed');
      if (window.console) {
        console.warn('webcu: no offline use: ' + e.message);
      }
    });
  });
})();
