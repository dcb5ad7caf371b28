/* bridgelaws, tools/site_prestart.js: start the notebook's kernel while JupyterLab draws (put into the app's page
   by tools/build_site.py, prestart_kernel), and let a run asked for before the notebook is connected to it wait
   for it.

   JupyterLab asks for a notebook's kernel only once the notebook is drawn; the Pyodide kernel then takes
   seconds to start, with nothing else going on. This starts a session for the notebook the address names
   (lab/index.html?path=da/01-stort-strafkort.ipynb) as soon as the app has started, so that the kernel's worker
   loads Pyodide and the packages while the page is still being laid out. When the notebook's panel then looks
   for a session of its path, it finds this one and connects to it (JupyterLab's SessionContext): one kernel.
   The connection opened here is disposed of at once: left open, it would be a second client of the kernel,
   and the widgets' comm messages would go to it too ("Exception opening new comm", "widget model not found").
   Before app.started the kernel's factory is not registered yet ("No factory for kernel python").

   Run All the moment the notebook shows. Between the notebook being drawn and its SessionContext connecting to
   the session started here, the notebook has no kernel. A run asked for in that window (Run All Cells, Shift+Enter)
   makes JupyterLab start one itself (NotebookActions' runCell: startKernel); Lite's session manager answers with
   this session, whose path is not the one JupyterLab asked for, and JupyterLab gives up and opens its "Select
   Kernel" dialog. So every run command waits, while the notebook has no kernel and has not finished connecting,
   for this script's session and for the notebook's own connection (SessionContext.initialize, which JupyterLab
   calls anyway and which answers every caller with the same promise), and then runs as asked, on that kernel.

   JupyterLite sets window.jupyterapp when the site's configuration says exposeAppInBrowser; the property is
   watched here, so nothing polls. Anything going wrong only logs a warning: JupyterLab then starts the kernel
   itself, as it would without this script. */
(function () {
  if (!window.Promise) return;
  var path = new URLSearchParams(location.search).get("path");
  if (!path || !/\.ipynb$/.test(path)) path = null;
  //: settles (never fails) once this script's session exists, or will not: what a run waits for first
  var settle;
  var prestarted = new Promise(function (resolve) { settle = resolve; });
  if (!path) settle();
  //: the commands that run cells (the Run menu, the toolbar, Shift+Enter and the others, the command palette)
  var RUNS = /^(notebook:run-|notebook:restart-run-all$|runmenu:run)/;
  var app;

  function prestart(a) {
    a.started.then(function () {
      var sessions = a.serviceManager.sessions;
      return sessions.ready.then(function () {
        // a notebook's session is named by its path, as JupyterLab names it (no second one is made if it exists)
        return sessions.startNew({ path: path, name: path, type: "notebook", kernel: { name: "python" } });
      });
    }).then(function (connection) {
      window.blPrestarted = { path: path, at: performance.now(), kernel: connection.kernel && connection.kernel.id };
      connection.dispose();
    }).catch(function (e) {
      console.warn("bridgelaws: the kernel was not started early:", e);
    }).then(settle);
  }

  /* The notebook (or console) the command acts on, if it has no kernel yet and is still connecting: a promise
     that settles once it is connected; otherwise null (the command runs at once, as in JupyterLab). */
  function connecting(a) {
    var widget = a.shell.currentWidget;
    var context = widget && widget.sessionContext;
    if (!context || context.isDisposed || context.isReady || !context.hasNoKernel) return null;
    return prestarted.then(function () { return context.initialize(); }).catch(function (e) {
      console.warn("bridgelaws: the notebook did not connect to its kernel before the run:", e);
    });
  }

  function waitForKernel(a) {
    var commands = a.commands, execute = commands.execute;
    commands.execute = function (id, args) {
      var wait = RUNS.test(id) ? connecting(a) : null;
      if (!wait) return execute.call(commands, id, args);
      return wait.then(function () { return execute.call(commands, id, args); });
    };
  }

  try {
    Object.defineProperty(window, "jupyterapp", {
      configurable: true, enumerable: true,
      get: function () { return app; },
      set: function (a) {
        var first = app === undefined;
        app = a;
        if (!first || !a || !a.started) return;
        try { waitForKernel(a); } catch (e) { console.warn("bridgelaws: runs will not wait for the kernel:", e); }
        if (path) prestart(a); else settle();
      }
    });
  } catch (e) { console.warn("bridgelaws: the kernel was not started early:", e); settle(); }
})();
