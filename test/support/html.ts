/** Reading rendered HTML in web tests: what a page shows, without a browser. */

/** Whether the <dialog id="..."> is rendered open. */
export function dialogOpen(html: string, id: string): boolean {
  const tag = new RegExp(`<dialog\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no dialog ${id}`);
  return /\sopen(?:=""|\s|>)/.test(tag);
}
