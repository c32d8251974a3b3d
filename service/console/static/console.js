// Every console page (views/layout.eta): on a narrow screen the navigation folds behind the
// "Menu" button (without this script it stays open: nothing is lost); a "Copiar" button beside a
// secret shown once (button[data-copiar="<id of the element holding it>"], hidden without script).
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
