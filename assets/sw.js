// webcu's service worker: the whole app offline.
//
// It precaches exactly the files of the build's precache manifest, which the packager writes
// between the two marker lines below (the same list as precache-manifest.json: url, revision =
// the first 16 hex digits of the file's SHA-256, size), and answers the app's requests for them
// from that cache. Every byte fetched is checked against its revision, so a host caught half-way
// through a deployment fails the install (the browser tries again later) instead of caching a
// mix of two builds. A new build changes this file, so the browser installs the new worker beside
// the old one; it waits until the page's "Reload" asks it to take over (message skipWaiting).
'use strict';

// precache:begin
self.WEBCU_PRECACHE = { build: 'dev', files: [] };
// precache:end

var PREFIX = 'webcu-';
var CACHE = PREFIX + self.WEBCU_PRECACHE.build;
// where the cache remembers each file's revision, so that the next build copies what did not change
var REVISIONS = '__webcu-revisions';

function scopeUrl(path) {
  return new URL(path, self.registration.scope).href;
}

function hex(buffer) {
  var bytes = new Uint8Array(buffer);
  var s = '';
  for (var i = 0; i < bytes.length; i++) {
    s += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  }
  return s;
}

// A file of an earlier build's cache with the same revision, or null.
function fromOlderCache(file) {
  return caches.keys().then(function (names) {
    var older = names.filter(function (n) { return n.indexOf(PREFIX) === 0 && n !== CACHE; });
    return older.reduce(function (found, name) {
      return found.then(function (res) {
        if (res) {
          return res;
        }
        return caches.open(name).then(function (cache) {
          return cache.match(REVISIONS).then(function (r) { return r ? r.json() : {}; }).then(function (revisions) {
            return revisions[file.url] === file.revision ? cache.match(scopeUrl(file.url)) : null;
          });
        });
      });
    }, Promise.resolve(null));
  });
}

function fetchChecked(file) {
  // no-cache: the HTTP cache may answer only after the host confirms (a cheap 304 with an ETag)
  return fetch(new Request(scopeUrl(file.url), { cache: 'no-cache', credentials: 'same-origin' })).then(function (res) {
    if (!res.ok) {
      throw new Error(file.url + ': HTTP ' + res.status);
    }
    return res;
  });
}

function precacheOne(cache, file) {
  return fromOlderCache(file).then(function (old) {
    return old || fetchChecked(file);
  }).then(function (res) {
    var type = res.headers.get('Content-Type');
    return res.arrayBuffer().then(function (body) {
      return crypto.subtle.digest('SHA-256', body).then(function (sha) {
        if (hex(sha).substring(0, 16) !== file.revision) {
          throw new Error(file.url + ' is not the file of this build (revision ' + file.revision + ')');
        }
        // a response of our own: only the type travels (the host's Content-Encoding was undone by fetch)
        return cache.put(scopeUrl(file.url), new Response(body, { headers: type ? { 'Content-Type': type } : {} }));
      });
    });
  });
}

self.addEventListener('install', function (event) {
  var files = self.WEBCU_PRECACHE.files;
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(files.map(function (f) { return precacheOne(cache, f); })).then(function () {
      var revisions = {};
      files.forEach(function (f) { revisions[f.url] = f.revision; });
      return cache.put(REVISIONS, new Response(JSON.stringify(revisions), { headers: { 'Content-Type': 'application/json' } }));
    });
  }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf(PREFIX) === 0 && n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () {
    return self.clients.claim();
  }));
});

self.addEventListener('message', function (event) {
  if (event.data && event.data.type === 'skipWaiting') {
    self.skipWaiting();
  }
});

var PRECACHED = {};
self.WEBCU_PRECACHE.files.forEach(function (f) { PRECACHED[f.url] = true; });

self.addEventListener('fetch', function (event) {
  var req = event.request;
  if (req.method !== 'GET') {
    return;
  }
  var url = new URL(req.url);
  var scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || url.pathname.indexOf(scope.pathname) !== 0) {
    return;
  }
  // the query (?embed, ?build=js, ?example=...) changes what the page does, not which file it is
  var path = decodeURIComponent(url.pathname.substring(scope.pathname.length)) || 'index.html';
  if (!PRECACHED[path]) {
    return;
  }
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(scopeUrl(path));
  }).then(function (hit) {
    return hit || fetch(req);
  }));
});
