import { MAX_COPIES } from '../domain/printing.ts';
import { Form } from '../views/components/Form.tsx';

export type SendPanel = {
  /** The sheet's path, as its jobs are listed under. */
  path: string;
  /** This form's one-time value: sent twice, it queues one job. */
  requestKey: string;
  printers: { id: number; name: string }[];
  selected: number | null;
  /** Why some print servers are not offered (an 80 mm one, for a sheet without an 80 mm layout). */
  noThermal: string | null;
  /** A refused send's message, on its field. */
  errors: { impressora?: string };
  /** The jobs sent from this sheet, newest first: "Balcão · 2 cópias · na fila". */
  jobs: { id: string; text: string }[];
  /** A job is still to be printed: with JavaScript the list follows its state (islands/print-button.ts). */
  pending: boolean;
  notices: { kind: 'success' | 'error'; text: string }[];
};

/** "Enviar para a impressora": a registered print server (the last one used first) and copies. */
export function SendToPrinter({ panel }: { panel: SendPanel }) {
  const error = panel.errors.impressora;
  return (
    <>
      {panel.printers.length > 0 ? (
        <Form action="/impressao/enviar" className="send-to-printer" label="Enviar para a impressora">
          <input type="hidden" name="path" value={panel.path} />
          <input type="hidden" name="pedido" value={panel.requestKey} />
          <label>
            Impressora{' '}
            <select
              name="impressora"
              defaultValue={String(panel.selected ?? panel.printers[0]?.id ?? '')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'send-impressora-error' : undefined}
            >
              {panel.printers.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          {error ? (
            <p className="field-error print-notice-error" id="send-impressora-error">
              {error}
            </p>
          ) : null}
          <label>
            Cópias <input type="number" name="copias" defaultValue="1" min="1" max={String(MAX_COPIES)} />
          </label>
          <button type="submit" className="primary">
            Enviar para a impressora
          </button>
        </Form>
      ) : null}
      {/* After the form, so what was sent reads under it and the form stays on the bar's first row. */}
      {panel.notices.length > 0 ? (
        <ul className="print-notices" role="status">
          {panel.notices.map((n) => (
            <li key={n.text} className={`print-notice-${n.kind}`}>
              {n.text}
            </li>
          ))}
        </ul>
      ) : null}
      {error && panel.printers.length === 0 ? <p className="print-notice-error">{error}</p> : null}
      {panel.noThermal ? <p className="print-hint">{panel.noThermal}</p> : null}
      {panel.jobs.length > 0 ? (
        <ul
          className="print-jobs"
          aria-label="Enviados desta folha"
          aria-live="polite"
          data-sheet={panel.path}
          data-pending={panel.pending ? 'sim' : undefined}
        >
          {panel.jobs.map((j) => (
            <li key={j.id}>{j.text}</li>
          ))}
          <li>
            <a href={panel.path}>Atualizar</a>
          </li>
        </ul>
      ) : null}
    </>
  );
}
