/**
 * Text made safe for HTML, in element content and in quoted attribute values alike, escaped exactly as
 * React escapes it (& < > " '): for the few places that write markup as a string (decision 015).
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

export function escapeHtml(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ENTITIES[c] ?? c) : text;
}

/** A value as React prints a child: nothing for null and undefined, escaped text otherwise. */
export function escapeChild(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : escapeHtml(String(value));
}
