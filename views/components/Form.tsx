import type { ReactNode } from 'react';
import { useView } from '../context.ts';

/** Every form posts with the session's CSRF token; this component is the only way views write a <form>. */
export function Form(props: {
  action: string;
  children: ReactNode;
  className?: string;
  id?: string;
  method?: 'post' | 'get';
  label?: string;
}) {
  const { csrfToken } = useView();
  const method = props.method ?? 'post';
  return (
    <form
      method={method}
      action={props.action}
      className={props.className}
      id={props.id}
      aria-label={props.label}
      noValidate
    >
      {method === 'post' ? <input type="hidden" name="_csrf" value={csrfToken} /> : null}
      {props.children}
    </form>
  );
}
