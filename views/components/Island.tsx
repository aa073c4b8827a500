import type { ReactNode } from 'react';
import { useView } from '../context.ts';

/**
 * Marks a place an island takes over in the browser. The children are what works without JavaScript;
 * the island's script is shipped only to pages that use it.
 */
export function Island(props: { name: string; props?: Record<string, unknown>; children: ReactNode }) {
  useView().islands.add(props.name);
  return (
    <div className="island" data-island={props.name} data-props={JSON.stringify(props.props ?? {})}>
      {props.children}
    </div>
  );
}
