// The sign-in page and the home arrive rendered by the server (issue 16): their HTML is painted first, then the web
// app's script is asked for and takes the page over. Loaded by those pages only (apps/server/src/lib/first-screen.ts).
(function () {
  var app = document.currentScript.getAttribute('data-app');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = app;
    document.head.appendChild(script);
  }
  // After the next frame is painted; at the latest after 100 ms (a page opened in the background paints no frame).
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 100);
})();
