/** Reading rendered HTML in web tests: what a page shows, without a browser. */
import { expect } from 'vitest';

/** Text that would be markup if a view let it through: a script, a tag, both quotes, an ampersand. */
export const HOSTILE_TEXT = `<script>alert("x")</script> & "Zé" <b> 'aspas'`;

/** HOSTILE_TEXT as React escapes it. */
export const HOSTILE_TEXT_ESCAPED =
  '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Zé&quot; &lt;b&gt; &#x27;aspas&#x27;';

/** HTML that shows HOSTILE_TEXT, only ever escaped. */
export function expectHostileTextEscaped(html: string): void {
  expect(html).not.toContain('<script');
  expect(html).not.toContain('<b>');
  expect(html).toContain(HOSTILE_TEXT_ESCAPED);
}

/** Whether the <dialog id="..."> is rendered open. */
export function dialogOpen(html: string, id: string): boolean {
  const tag = new RegExp(`<dialog\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no dialog ${id}`);
  return /\sopen(?:=""|\s|>)/.test(tag);
}
