import type { Toast } from '../../contract/web.ts';

/** Top-right toasts that leave by CSS alone: 4 s for errors, 2 s for successes (SPEC §9). */
export function Toasts({ toasts }: { toasts: Toast[] }) {
  // The same message twice says nothing more: show it once.
  const unique = [...new Map(toasts.map((t) => [`${t.kind}:${t.text}`, t])).entries()];
  if (unique.length === 0) return null;
  return (
    <div className="toasts" aria-live="polite">
      {unique.map(([key, t]) => (
        <p key={key} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          {t.text}
        </p>
      ))}
    </div>
  );
}
