// Applies a theme the reader pinned earlier before the page paints; otherwise CSS follows the OS.
// Also marks <html class="js">, so the CSS can tell a reader without JavaScript what the live parts
// would show, and hide controls that cannot work for them.
(function () {
  document.documentElement.classList.add("js");
  try {
    var saved = localStorage.getItem("theme");
    if (saved === "dark" || saved === "light") document.documentElement.setAttribute("data-theme", saved);
  } catch (_) {
    /* storage blocked: follow the OS */
  }
})();
