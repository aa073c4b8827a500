/**
 * "Imprimir" on a print sheet; with `auto`, the browser's print dialog opens as the sheet loads. Plain
 * DOM, not Preact: a button that calls window.print() needs no renderer, and the sheet then loads a few
 * hundred bytes of script instead of the islands' 13 kB runtime before its button is there. Below, the
 * list of jobs sent to a print server follows their state.
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

/**
 * The jobs sent from this sheet to a print server, while one is still to be printed: their state is
 * asked again every few seconds, for a few minutes, and the list rewritten ('na fila' → 'imprimindo' →
 * 'impresso'), so nobody reloads the sheet to know. Without JavaScript, the list's Atualizar does it.
 */
const POLL_MS = 3_000;
const FOLLOW_MS = 3 * 60_000;

async function follow(list: HTMLElement) {
  const until = Date.now() + FOLLOW_MS;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    let state: { jobs: { id: string; text: string }[]; pending: boolean };
    try {
      const res = await fetch(`/estado-impressao?folha=${encodeURIComponent(list.dataset.sheet ?? '')}`, {
        headers: { accept: 'application/json' },
      });
      if (!res.ok) return;
      state = await res.json();
    } catch {
      return;
    }
    const items = state.jobs.map((job) => {
      const li = document.createElement('li');
      li.textContent = job.text;
      return li;
    });
    // The last item is the Atualizar link: the jobs go before it.
    const refresh = list.lastElementChild;
    list.replaceChildren(...items, ...(refresh ? [refresh] : []));
    if (!state.pending) return;
  }
}

const jobs = document.querySelector<HTMLElement>('ul.print-jobs[data-pending]');
if (jobs) void follow(jobs);
