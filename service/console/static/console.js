// Every console page (views/layout.eta): on a narrow screen the navigation folds behind the
// "Menu" button (without this script it stays open: nothing is lost); a "Copiar" button beside a
// secret shown once (button[data-copiar="<id of the element holding it>"], hidden without script);
// confirmation dialogs (service/console/page-parts.ts) open as modals: the link that opens one
// (a[data-abrir="<dialog id>"]) and its "Cancelar" (a[data-fechar]) act here instead of navigating,
// and a dialog the server opened (asked for by the link without script, or holding a refused form)
// becomes a modal too (focus inside it, Esc closes).
(() => {
  const botao = document.getElementById('menu-botao');
  const topo = document.querySelector('header.topo');
  if (!botao || !topo) return;
  botao.hidden = false;
  topo.classList.add('menu-fechado');
  botao.addEventListener('click', () => {
    const aberto = topo.classList.toggle('menu-fechado') === false;
    botao.setAttribute('aria-expanded', String(aberto));
  });
})();
(() => {
  for (const botao of document.querySelectorAll('button[data-copiar]')) {
    const alvo = document.getElementById(botao.dataset.copiar);
    if (!alvo || !navigator.clipboard) continue;
    botao.hidden = false;
    botao.addEventListener('click', async () => {
      await navigator.clipboard.writeText(alvo.textContent.trim());
      botao.textContent = 'Copiado';
    });
  }
})();
(() => {
  const dialogs = [...document.querySelectorAll('dialog.dialogo')];
  if (dialogs.length === 0 || typeof dialogs[0].showModal !== 'function') return;
  for (const link of document.querySelectorAll('a[data-abrir]')) {
    const dialogo = document.getElementById(link.dataset.abrir);
    if (!dialogo) continue;
    link.setAttribute('role', 'button');
    link.setAttribute('aria-haspopup', 'dialog');
    const abrir = (ev) => { ev.preventDefault(); dialogo.showModal(); };
    link.addEventListener('click', abrir);
    link.addEventListener('keydown', (ev) => { if (ev.key === ' ') abrir(ev); });
  }
  for (const fechar of document.querySelectorAll('dialog a[data-fechar]')) {
    fechar.setAttribute('role', 'button');
    fechar.addEventListener('click', (ev) => { ev.preventDefault(); fechar.closest('dialog').close(); });
  }
  for (const dialogo of dialogs.filter((d) => d.open)) {
    dialogo.close();
    dialogo.showModal();
  }
})();
