// Applies the saved or system colour theme before first paint, so dark-theme users never see a
// white flash. A file rather than an inline script because the server's CSP allows only 'self'.
(function () {
  try {
    var saved = localStorage.getItem('provenance.theme');
    var dark = saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    /* storage disabled: keep the light theme */
  }
})();
