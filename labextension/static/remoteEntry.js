// deerbook's JupyterLab extension: a style, nothing else. JupyterLab draws a notebook's stored Plotly charts with its
// own renderer, which knows no theme, so in a dark theme they would stay light panels: here they are turned dark,
// their paper inverted and their hues kept. The explorers' live charts (inside a widget) draw their own dark template
// and are left alone. Written by hand as the module container JupyterLab loads a prebuilt extension from: `init`
// takes the shared modules (it needs none) and `get("./style")` gives the factory that adds the style sheet.
var _JUPYTERLAB;
(function () {
  var CSS =
    'body[data-jp-theme-light="false"] .jp-RenderedPlotly:not(.jupyter-widgets .jp-RenderedPlotly) .main-svg,\n' +
    'body[data-jp-theme-light="false"] .jp-RenderedPlotly:not(.jupyter-widgets .jp-RenderedPlotly) .plot-img {\n' +
    "  filter: invert(0.9) hue-rotate(180deg);\n" +
    "}\n";
  function addStyle() {
    var style = document.createElement("style");
    style.id = "deerbook-dark-charts";
    style.textContent = CSS;
    document.head.appendChild(style);
    return {};
  }
  _JUPYTERLAB = typeof _JUPYTERLAB === "undefined" ? {} : _JUPYTERLAB;
  _JUPYTERLAB.deerbook = {
    init: function () {},
    get: function (module) {
      if (module !== "./style") {
        return Promise.reject(new Error('Module "' + module + '" does not exist in container.'));
      }
      return Promise.resolve(function () { return addStyle(); });
    },
  };
})();
