import { DetailList } from '../components/DetailList.tsx';
import { Field, type FieldErrors } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { TextArea } from '../components/OrderFields.tsx';
import { type OrderRow, OrderRows } from '../components/OrderRows.tsx';
import { StatusLabel } from '../components/StatusLabel.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

export const OPEN_RETURN_PATH = '/abrir-os-retorno';
export const NO_ORDER_FOUND = 'Nenhuma O.S. encontrada';

/** The original (normal) order a return is opened against. */
export type OriginalOrder = {
  id: string;
  number: string;
  clientName: string;
  productName: string;
  status: number;
  /** The original's warranty (decision 020): its text, and whether opening needs a manager. */
  /** `none`: no warranty to return under (unrepaired, cancelled), not a lapsed one. */
  warranty?: { text: string; expired: boolean; none?: boolean } | null;
};

export type OpenReturnOrderProps = {
  /** The number typed in the search. */
  numero: string;
  /** A search was made: only then may the no-result text show. */
  searched: boolean;
  results: OrderRow[];
  original: OriginalOrder | null;
  returnMotive: string;
  /** Errors of both forms: 'numero' (search) and 'return_motive'. */
  errors?: FieldErrors;
};

/**
 * Abrir O.S. de Retorno (SPEC §2): search a normal order by number, Selecionar it, see its summary and
 * type the return reason. Plain GET search and links: no JavaScript needed.
 */
export function OpenReturnOrder(props: OpenReturnOrderProps) {
  const { original } = props;
  return (
    <section className="open-order open-return">
      <h1>Abrir O.S. de Retorno</h1>
      <Form action={OPEN_RETURN_PATH} method="get" className="search" label="Buscar O.S.">
        <Field
          name="numero"
          label="Número da O.S."
          type="search"
          value={props.numero}
          errors={props.errors}
          autoFocus={!original}
        />
        <button type="submit" className="primary">
          Buscar
        </button>
      </Form>
      {props.searched && props.results.length === 0 ? <p className="empty">{NO_ORDER_FOUND}</p> : null}
      {props.results.length > 0 ? <OrderRows rows={props.results} linkLabel="Selecionar" /> : null}
      {original ? (
        <>
          <div className="original-order">
            <h2>O.S. original</h2>
            <DetailList
              rows={[
                ['Número', original.number],
                ['Cliente', original.clientName],
                ['Produto', original.productName],
                ['Status', <StatusLabel key="status" kind="normal" code={original.status} />],
                ...(original.warranty ? [['Garantia', original.warranty.text] as const] : []),
              ]}
            />
          </div>
          <Form action={OPEN_RETURN_PATH} className="wide" label="Abrir O.S. de Retorno">
            <input type="hidden" name="original_service_order_id" value={original.id} />
            <TextArea
              name="return_motive"
              label="Motivo do retorno"
              value={props.returnMotive}
              errors={props.errors}
              rows={4}
            />
            {original.warranty?.expired ? (
              <OutOfWarranty errors={props.errors} none={original.warranty.none === true} />
            ) : null}
            <div className="actions">
              <SubmitButton label="Salvar" />
            </div>
          </Form>
        </>
      ) : null}
    </section>
  );
}

/** Out of warranty the return needs a manager's credentials, and the return records who allowed it. */
function OutOfWarranty({ errors, none }: { errors?: FieldErrors | undefined; none: boolean }) {
  return (
    <fieldset className="out-of-warranty">
      <legend>{`${none ? 'Sem garantia' : 'Garantia vencida'}: confirme login do gerente`}</legend>
      <Field name="confirm_username" label="Usuário do gerente" autoComplete="off" errors={errors} />
      <Field
        name="confirm_password"
        label="Senha do gerente"
        type="password"
        autoComplete="off"
        errors={errors}
      />
    </fieldset>
  );
}
