/**
 * "Imprimir" on a print sheet; with `auto`, the browser's print dialog opens as the sheet loads. Plain
 * DOM, not Preact: a button that calls window.print() needs no renderer, and the sheet then loads a few
 * hundred bytes of script instead of the islands' 13 kB runtime before its button is there.
 */
for (const place of document.querySelectorAll<HTMLElement>('[data-island="print-button"]')) {
  const { auto } = JSON.parse(place.dataset.props ?? '{}') as { auto?: boolean };
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'primary';
  button.textContent = 'Imprimir';
  button.addEventListener('click', () => window.print());
  // The server's markup is the no-JavaScript version; the button replaces it.
  place.replaceChildren(button);
  if (auto) window.print();
}
