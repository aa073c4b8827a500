/**
 * Control characters: the C0 set but tab, line feed and carriage return (a multi-line text keeps its
 * lines), DEL and the C1 set. A NUL cannot be stored in PostgreSQL's text; an ESC or a BEL pasted from a
 * scanner or a PDF, or written by a printer's command, goes on to the sheets, the exports and anything
 * that copies the text. The api refuses them on the field (api/http/fields.ts); what a machine wrote
 * (a print server's failure reason) is cleaned with it instead.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its whole job
export const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const CONTROL_MESSAGE = 'Texto com caracteres de controle não é aceito';

/** A text with each run of control characters made one space. */
export function withoutControls(text: string): string {
  return text.replace(new RegExp(`${CONTROL.source}+`, 'g'), ' ');
}
