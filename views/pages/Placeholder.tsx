/** A screen of SPEC §2 not built yet: its title, behind the guard, and nothing that pretends to work. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section>
      <h1>{title}</h1>
      <p className="muted">Esta tela ainda está em construção.</p>
    </section>
  );
}
