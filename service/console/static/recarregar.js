// A job still running (views/job.eta, #em-curso data-recarregar="<seconds>"): the page reloads
// itself every so many seconds, so its state and progress stay current until it ends (then the
// page has no #em-curso and stops).
(() => {
  const el = document.getElementById('em-curso');
  const s = Number(el?.dataset.recarregar);
  if (s > 0) setTimeout(() => location.reload(), s * 1000);
})();
