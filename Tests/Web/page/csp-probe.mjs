// Whether the page's own script may eval (DevTools' evaluate is exempt from CSP, so the test asks this).
try {
  new Function('return 1');
  window.evalBlocked = false;
} catch (e) {
  window.evalBlocked = e.name;
}
