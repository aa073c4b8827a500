import type { Toast } from '../../server/session-data.ts';

/** Top-right toasts that leave by CSS alone: 4 s for errors, 2 s for successes (SPEC §9). */
export function Toasts({ toasts }: { toasts: Toast[] }) {
  if (toasts.length === 0) return null;
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t, i) => (
        <p
          key={`${i}-${t.text}`}
          className={`toast toast-${t.kind}`}
          role={t.kind === 'error' ? 'alert' : 'status'}
        >
          {t.text}
        </p>
      ))}
    </div>
  );
}
