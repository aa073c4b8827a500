/** Per-response facts every view may need, without threading them through props. */
import { createContext, useContext } from 'react';
import type { SessionUser } from '../contract/sessions.ts';

export type ViewContext = {
  csrfToken: string;
  /** This render's one-use form key: a second submit of its forms opens what the first created. */
  formKey: string;
  /** The page's own address, so a form's typing can come back to it (after a sign-in, an error). */
  page: string;
  user: SessionUser | null;
  /** Islands the page used; render() ships exactly these scripts. */
  islands: Set<string>;
  /** Set by a PrintLink: the page fetches ahead what the print sheets need. */
  linksToSheets?: boolean;
  /**
   * Set by the first field in error that renders (document order), which takes `autofocus`: after a
   * refused submit the keyboard starts where the first problem is, without JavaScript.
   */
  invalidFocused?: boolean;
};

const OUTSIDE_A_PAGE: ViewContext = {
  csrfToken: '',
  formKey: '',
  page: '',
  user: null,
  islands: new Set(),
};

export const ViewContextReact = createContext<ViewContext>(OUTSIDE_A_PAGE);

export function useView(): ViewContext {
  return useContext(ViewContextReact);
}

/**
 * A dialog drawn open by the server (?dialogo=, a refused submit): without JavaScript nothing moves the
 * keyboard into it, so its first control takes `autofocus` (with JavaScript, showModal does the same).
 */
export const OpenDialogReact = createContext<{ focusTaken: boolean } | null>(null);

/** Whether this control is the first of an open dialog (and claims the focus). */
export function useDialogFocus(): boolean {
  const dialog = useContext(OpenDialogReact);
  if (!dialog || dialog.focusTaken) return false;
  dialog.focusTaken = true;
  return true;
}

/** Whether this field, in error or not, is the first field in error of the page (and claims the focus). */
export function useFirstInvalid(error: string | undefined): boolean {
  const view = useView();
  // Outside a page (a component rendered alone) there is no page to claim the focus in.
  if (!error || view.invalidFocused || view === OUTSIDE_A_PAGE) return false;
  view.invalidFocused = true;
  return true;
}
