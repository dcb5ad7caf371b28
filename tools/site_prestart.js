/* bridgelaws, tools/site_prestart.js: start the notebook's kernel while JupyterLab draws, and connect every
   notebook to its kernel as soon as the notebook is created (put into the app's page by tools/build_site.py,
   prestart_kernel).

   JupyterLab asks for a notebook's kernel only once the notebook is drawn; the Pyodide kernel then takes
   seconds to start, with nothing else going on. This starts a session for the notebook the address names
   (lab/index.html?path=da/01-stort-strafkort.ipynb) as soon as the app has started, so that the kernel's worker
   loads Pyodide and the packages while the page is still being laid out. When the notebook's panel then looks
   for a session of its path, it finds this one and connects to it (JupyterLab's SessionContext): one kernel.
   The connection opened here is disposed of at once: left open, it would be a second client of the kernel,
   and the widgets' comm messages would go to it too ("Exception opening new comm", "widget model not found").
   Before app.started the kernel's factory is not registered yet ("No factory for kernel python").

   Run All the moment the notebook shows (issue #38). JupyterLab's document context connects a notebook to its
   session only after it has listed the file's checkpoints and made one (Context._populate awaits
   _maybeCheckpoint before SessionContext.initialize), and only then gives the notebook's kernel preference the
   kernel's name. In JupyterLite the checkpoints live in the browser's storage, and while the page is busy drawing
   the notebook that took 12 s here, with the cells shown all along. A run asked for in that time found "No
   Kernel" and made JupyterLab start one itself (NotebookActions' runCell: startKernel) for a preference with no
   kernel name: its "Select Kernel" dialog. So each notebook is connected the moment it is created, before its
   cells are drawn (connect below): its preference names the site's kernel and its SessionContext is initialized
   at once, after this script's session for that path exists (a second kernel otherwise); JupyterLab's own call,
   after the checkpoint, gets the same answer (initialize is answered once). A run command asked for before that
   connection is made (a slow start, or a click faster than it) waits for it, then runs as asked.

   JupyterLite sets window.jupyterapp when the site's configuration says exposeAppInBrowser; the property is
   watched here, so nothing polls. Anything going wrong only logs a warning: JupyterLab then connects the notebook
   itself, as it would without this script. */
(function () {
  if (!window.Promise || !window.WeakMap) return;
  var path = new URLSearchParams(location.search).get("path");
  if (!path || !/\.ipynb$/.test(path)) path = null;
  //: settles (never fails) once this script's session exists, or will not
  var settle;
  var prestarted = new Promise(function (resolve) { settle = resolve; });
  if (!path) settle();
  //: the commands that run cells (the Run menu, the toolbar, Shift+Enter and the others, the command palette)
  var RUNS = /^(notebook:run-|notebook:restart-run-all$|runmenu:run)/;
  //: each notebook's SessionContext -> a promise that settles once connect has connected it (or given up)
  var connections = new WeakMap();
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

  /* A notebook just created (its file not read yet): connected to its kernel now, not after the checkpoint. */
  function connect(a, panel) {
    var context = panel.sessionContext;
    if (!context || connections.has(context)) return;
    var preference = context.kernelPreference || {};
    if (preference.shouldStart === false || preference.canStart === false) return;
    if (!preference.name) {
      var specs = a.serviceManager.kernelspecs.specs;
      var name = (specs && specs.default) || "python";
      context.kernelPreference = Object.assign({}, preference, { name: name });
    }
    var own = panel.context && panel.context.path === path;
    connections.set(context, (own ? prestarted : Promise.resolve()).then(function () {
      return context.initialize();
    }).catch(function (e) {
      console.warn("bridgelaws: the notebook was not connected to its kernel early:", e);
    }));
  }

  function connectNotebooks(a) {
    var factory = a.docRegistry.getWidgetFactory("Notebook");
    if (!factory) throw new Error("no notebook factory");
    factory.widgetCreated.connect(function (sender, panel) {
      try { connect(a, panel); } catch (e) { console.warn("bridgelaws: the notebook was not connected early:", e); }
    });
  }

  /* A run command waits, while the notebook it acts on has no kernel yet, for that notebook's connection. */
  function runsWait(a) {
    var commands = a.commands, execute = commands.execute;
    commands.execute = function (id, args) {
      var wait = null;
      if (RUNS.test(id)) {
        var widget = a.shell.currentWidget, context = widget && widget.sessionContext;
        if (context && !context.isDisposed && !context.isReady && context.hasNoKernel) wait = connections.get(context);
      }
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
        try { runsWait(a); } catch (e) { console.warn("bridgelaws: runs will not wait for the kernel:", e); }
        // the notebook factory is registered once the plugins are active; no notebook is opened before
        a.started.then(function () { connectNotebooks(a); }).catch(function (e) {
          console.warn("bridgelaws: notebooks will not be connected early:", e);
        });
        if (path) prestart(a); else settle();
      }
    });
  } catch (e) { console.warn("bridgelaws: the kernel was not started early:", e); settle(); }
})();
