/** A clear page for what went wrong: never a stack trace. */
export function ErrorPage({
  title,
  message,
  back = true,
  retry,
}: {
  title: string;
  message: string;
  back?: boolean;
  /** Where to try again, and what the link says (the form with what was typed). */
  retry?: { href: string; label: string } | undefined;
}) {
  return (
    <section className="error-page">
      <h1>{title}</h1>
      <p>{message}</p>
      {retry ? (
        <p>
          <a className="button primary" href={retry.href}>
            {retry.label}
          </a>
        </p>
      ) : null}
      {back ? (
        <p>
          <a href="/consulta">Voltar para a Consulta</a>
        </p>
      ) : null}
    </section>
  );
}
