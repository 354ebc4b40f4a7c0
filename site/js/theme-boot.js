// Applies a theme the reader pinned earlier before the page paints; otherwise CSS follows the OS.
(function () {
  try {
    var saved = localStorage.getItem("theme");
    if (saved === "dark" || saved === "light") document.documentElement.setAttribute("data-theme", saved);
  } catch (_) {
    /* storage blocked: follow the OS */
  }
})();
