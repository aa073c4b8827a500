/** Per-response facts every view may need, without threading them through props. */
import { createContext, useContext } from 'react';
import type { SessionUser } from '../server/backend/types.ts';

export type ViewContext = {
  csrfToken: string;
  user: SessionUser | null;
  /** Islands the page used; render() ships exactly these scripts. */
  islands: Set<string>;
};

export const ViewContextReact = createContext<ViewContext>({
  csrfToken: '',
  user: null,
  islands: new Set(),
});

export function useView(): ViewContext {
  return useContext(ViewContextReact);
}
