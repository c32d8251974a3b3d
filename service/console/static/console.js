// Every console page (views/layout.eta): on a narrow screen the navigation folds behind the
// "Menu" button (without this script it stays open: nothing is lost).
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
