/** Shows CPF, CNPJ and CEP in their official shape while they are typed (the server formats after saving). */
import { useEffect } from 'preact/hooks';
import { maskCep, maskCnpj, maskCpf } from './lib/masks.ts';
import { mount } from './lib/mount.ts';

type Props = { cpf?: string; cnpj?: string; cep?: string };

function DocumentMask({ cpf, cnpj, cep }: Props) {
  useEffect(() => {
    const pairs: [string | undefined, (t: string) => string][] = [
      [cpf, maskCpf],
      [cnpj, maskCnpj],
      [cep, maskCep],
    ];
    const cleanups: (() => void)[] = [];
    for (const [id, mask] of pairs) {
      const input = id ? (document.getElementById(id) as HTMLInputElement | null) : null;
      if (!input) continue;
      const onInput = () => {
        const masked = mask(input.value);
        if (masked !== input.value) input.value = masked;
      };
      input.addEventListener('input', onInput);
      cleanups.push(() => input.removeEventListener('input', onInput));
    }
    return () => {
      for (const c of cleanups) c();
    };
  }, [cpf, cnpj, cep]);
  return null;
}

mount('document-mask', DocumentMask);
