// The job page's map (views/job.eta, service/console/job-map.ts): the municipalities of the job's
// UFs from the console's local GeoJSON (/console/geo/<UF>?v=<release>, the addresses in dados.geo),
// each filled with the colour of its class (dados.cores, decided on the server with the legend and
// the table beside the map); no tile server. Choosing another measure reloads at the map (#mapa-secao).
(async () => {
  const escolha = document.getElementById('medida');
  if (escolha) escolha.addEventListener('change', () => escolha.form.requestSubmit());
  const el = document.getElementById('mapa');
  if (!el || !window.L) return;
  const dados = JSON.parse(el.dataset.mapa);
  // Leaflet's own controls in Portuguese (its zoom buttons are titled "Zoom in" and "Zoom out")
  const map = L.map(el, { attributionControl: true, zoomControl: false });
  L.control.zoom({ zoomInTitle: 'Aproximar', zoomOutTitle: 'Afastar' }).addTo(map);
  L.control.scale({ imperial: false }).addTo(map);
  const camadas = [];
  for (const url of dados.geo) {
    const geo = await (await fetch(url)).json();
    camadas.push(L.geoJSON(geo, {
      filter: (f) => f.properties.id in dados.cores,
      style: (f) => ({ color: '#34495e', weight: 0.6, fillColor: dados.cores[f.properties.id], fillOpacity: 0.85 }),
      onEachFeature: (f, layer) => layer.bindTooltip(f.properties.name),
    }).addTo(map));
  }
  const limites = camadas.map((c) => c.getBounds()).filter((b) => b.isValid());
  if (limites.length > 0) map.fitBounds(limites.reduce((a, b) => a.extend(b)));
  el.setAttribute('data-pronto', '1');
})();
