/* bridgelaws, tools/site_prestart.js: start the notebook's kernel while JupyterLab draws (put into the app's page
   by tools/build_site.py, prestart_kernel).

   JupyterLab asks for a notebook's kernel only once the notebook is drawn; the Pyodide kernel then takes
   seconds to start, with nothing else going on. This starts a session for the notebook the address names
   (lab/index.html?path=da/01-stort-strafkort.ipynb) as soon as the app has started, so that the kernel's worker
   loads Pyodide and the packages while the page is still being laid out. When the notebook's panel then looks
   for a session of its path, it finds this one and connects to it (JupyterLab's SessionContext): one kernel.
   The connection opened here is disposed of at once: left open, it would be a second client of the kernel,
   and the widgets' comm messages would go to it too ("Exception opening new comm", "widget model not found").
   Before app.started the kernel's factory is not registered yet ("No factory for kernel python").

   JupyterLite sets window.jupyterapp when the site's configuration says exposeAppInBrowser; the property is
   watched here, so nothing polls. Anything going wrong only logs a warning: JupyterLab then starts the kernel
   itself, as it would without this script. */
(function () {
  var path = new URLSearchParams(location.search).get("path");
  if (!path || !/\.ipynb$/.test(path) || !window.Promise) return;
  var app;
  function prestart(a) {
    a.started.then(function () {
      var sessions = a.serviceManager.sessions;
      return sessions.ready.then(function () {
        // a notebook's session is named by its path, as JupyterLab names it (no second one is made if it exists)
        return sessions.startNew({ path: path, name: path, type: "notebook", kernel: { name: "python" } });
      });
    }).then(function (connection) {
      window.blPrestarted = { path: path, at: performance.now() };
      connection.dispose();
    }).catch(function (e) { console.warn("bridgelaws: the kernel was not started early:", e); });
  }
  try {
    Object.defineProperty(window, "jupyterapp", {
      configurable: true, enumerable: true,
      get: function () { return app; },
      set: function (a) {
        var first = app === undefined;
        app = a;
        if (first && a && a.started) prestart(a);
      }
    });
  } catch (e) { console.warn("bridgelaws: the kernel was not started early:", e); }
})();
