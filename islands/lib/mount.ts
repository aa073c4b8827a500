/** Every island file calls mount() once: it finds its places on the page and renders there. */
import { type ComponentType, h, render } from 'preact';

export function mount<P extends object>(name: string, Component: ComponentType<P>): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const props = JSON.parse(el.dataset.props ?? '{}') as P;
    // The server's markup is the no-JavaScript version; the island replaces it.
    el.replaceChildren();
    render(h(Component, props), el);
  }
}
