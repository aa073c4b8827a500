import type { ReactNode } from 'react';
import { useView } from '../context.ts';

/**
 * Every form posts with the session's CSRF token; this component is the only way views write a <form>.
 * A POST also carries the render's one-use key (a second submit creates nothing) and the page it came
 * from (where its typing comes back after a sign-in or an error).
 */
export function Form(props: {
  action: string;
  children: ReactNode;
  className?: string;
  id?: string;
  method?: 'post' | 'get';
  label?: string;
}) {
  const { csrfToken, formKey, page } = useView();
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
      {method === 'post' ? (
        <>
          <input type="hidden" name="_csrf" value={csrfToken} />
          <input type="hidden" name="_key" value={formKey} />
          <input type="hidden" name="_from" value={page} />
        </>
      ) : null}
      {props.children}
    </form>
  );
}
