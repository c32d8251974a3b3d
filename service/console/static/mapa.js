// The job page's map (views/job.eta): the municipalities of the job's UFs from the console's local
// GeoJSON (/console/geo/<UF>?v=<release>, the addresses in dados.geo), coloured by the saturation
// of the chosen measure; no tile server.
(async () => {
  const el = document.getElementById('mapa');
  if (!el || !window.L) return;
  const dados = JSON.parse(el.dataset.mapa);
  const map = L.map(el, { attributionControl: true });
  const valores = Object.values(dados.valores).filter((v) => v !== null);
  const max = Math.max(1e-9, ...valores);
  // white to dark blue; grey where the number is withheld
  const cor = (v) => (v === null || v === undefined ? '#bbbbbb' : `hsl(212, 70%, ${Math.round(95 - 65 * (v / max))}%)`);
  const camadas = [];
  for (const url of dados.geo) {
    const geo = await (await fetch(url)).json();
    const naoDoJob = (f) => !(f.properties.id in dados.valores);
    camadas.push(L.geoJSON(geo, {
      filter: (f) => !naoDoJob(f),
      style: (f) => ({ color: '#34495e', weight: 0.6, fillColor: cor(dados.valores[f.properties.id]), fillOpacity: 0.85 }),
      onEachFeature: (f, layer) => {
        const v = dados.valores[f.properties.id];
        layer.bindTooltip(`${f.properties.name}: ${v === null ? 'escondido' : (100 * v).toFixed(1) + '%'}`);
      },
    }).addTo(map));
  }
  const limites = camadas.map((c) => c.getBounds()).filter((b) => b.isValid());
  if (limites.length > 0) map.fitBounds(limites.reduce((a, b) => a.extend(b)));
  el.setAttribute('data-pronto', '1');
})();
