/** "Imprimir" on a print sheet; with `auto`, the browser's print dialog opens as the sheet loads. */
import { useEffect } from 'preact/hooks';
import { mount } from './lib/mount.ts';

function PrintButton({ auto }: { auto: boolean }) {
  useEffect(() => {
    if (auto) window.print();
  }, [auto]);
  return (
    <button type="button" class="primary" onClick={() => window.print()}>
      Imprimir
    </button>
  );
}

mount('print-button', PrintButton);
