// deerbook's JupyterLab plugin: it adds the style sheet that darkens a notebook's stored Plotly charts in a dark theme
// (style/index.css says how), so switching the plugin off in JupyterLab's Plugin Manager leaves the charts as stored.
const plugin = {
  id: 'deerbook:dark-charts',
  description: "deerbook's stored Plotly charts follow JupyterLab's dark theme",
  autoStart: true,
  activate: async () => {
    await import('../style/index.css');
  }
};

export default plugin;
