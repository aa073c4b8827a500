/** A clear page for what went wrong: never a stack trace. */
export function ErrorPage({
  title,
  message,
  back = true,
}: {
  title: string;
  message: string;
  back?: boolean;
}) {
  return (
    <section className="error-page">
      <h1>{title}</h1>
      <p>{message}</p>
      {back ? (
        <p>
          <a href="/consulta">Voltar para a Consulta</a>
        </p>
      ) : null}
    </section>
  );
}
