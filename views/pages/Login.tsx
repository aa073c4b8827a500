import { Field, type FieldErrors } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

export type LoginProps = {
  values?: { username?: string };
  errors?: FieldErrors;
  /** The page to open after signing in (a path of ours, checked by the server). */
  next?: string | undefined;
};

/** Login (/): the product title, Usuário, Senha and Entrar (SPEC §2). */
export function Login({ values = {}, errors, next }: LoginProps) {
  return (
    <section className="login">
      <img src="/static/img/logo.svg" alt="" width="72" height="72" />
      <h1>Bancada</h1>
      <p className="tagline">Assistência técnica</p>
      <Form action="/" label="Entrar">
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <Field
          name="username"
          label="Usuário"
          value={values.username}
          errors={errors}
          autoComplete="username"
          autoFocus
        />
        <Field
          name="password"
          label="Senha"
          type="password"
          errors={errors}
          autoComplete="current-password"
        />
        <SubmitButton label="Entrar" busyLabel="Entrando..." />
      </Form>
    </section>
  );
}
