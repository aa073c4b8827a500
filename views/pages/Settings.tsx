import { AUTHORITY_OPTIONS, ORIGIN_OPTIONS } from '../../domain/users.ts';
import { Dialog, DialogCancel, DialogTrigger } from '../components/Dialog.tsx';
import { Field, type FieldErrors, RadioGroup } from '../components/Field.tsx';
import { Form } from '../components/Form.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';

export const CREATE_USER_DIALOG = 'criar-usuario';

/**
 * Names which of the page's two forms sent the typing, so a draft of it (a refusal, or a session that
 * ended mid-form) comes back into the right one.
 */
export const SETTINGS_FORM_FIELD = '_form';
export type SettingsForm = 'profile' | 'user';

const WhichForm = ({ form }: { form: SettingsForm }) => (
  <input type="hidden" name={SETTINGS_FORM_FIELD} value={form} />
);

export type SettingsProps = {
  isManager: boolean;
  /**
   * The manager's pages this backend has (our api's extras): one it said it lacks is not linked, so a
   * shop on a SPEC-only backend is not sent to a page that only says it is unavailable.
   */
  pages?: { printers: boolean; clientSide: boolean; staff: boolean };
  profile: { values: { username?: string }; errors?: FieldErrors };
  createUser: {
    open: boolean;
    values: { type?: string; origin?: string; username?: string };
    errors?: FieldErrors;
  };
};

/** Settings (/configuracoes): Criar Usuário for managers, Meus dados, Sair (SPEC §2). */
const ALL_PAGES = { printers: true, clientSide: true, staff: true };

export function Settings({ isManager, profile, createUser, pages = ALL_PAGES }: SettingsProps) {
  return (
    <section className="settings-page">
      <h1>Configurações</h1>

      {isManager ? (
        <>
          {pages.printers ? (
            <p className="settings-link">
              <a href="/configuracoes/impressoras">Impressoras</a>
            </p>
          ) : null}
          {pages.clientSide ? (
            <p className="settings-link">
              <a href="/configuracoes/atendimento">Atendimento ao cliente</a>
            </p>
          ) : null}
          {pages.staff ? (
            <p className="settings-link">
              <a href="/configuracoes/usuarios">Usuários</a>
            </p>
          ) : null}
          <DialogTrigger
            dialogId={CREATE_USER_DIALOG}
            label="Criar Usuário"
            href={`/configuracoes?dialogo=${CREATE_USER_DIALOG}`}
          />
          <Dialog id={CREATE_USER_DIALOG} title="Criar Usuário" open={createUser.open}>
            <Form action="/configuracoes/usuarios" className="create-user" label="Criar Usuário">
              <WhichForm form="user" />
              <RadioGroup
                name="type"
                label="Tipo"
                options={AUTHORITY_OPTIONS.map((o) => ({ value: o.code, label: o.label }))}
                value={createUser.values.type}
                errors={createUser.errors}
                idPrefix="cu-"
              />
              <RadioGroup
                name="origin"
                label="Origem"
                options={ORIGIN_OPTIONS.map((o) => ({ value: o.code, label: o.label }))}
                value={createUser.values.origin}
                errors={createUser.errors}
                idPrefix="cu-"
              />
              <Field
                name="username"
                label="Usuário"
                value={createUser.values.username}
                errors={createUser.errors}
                idPrefix="cu-"
              />
              <Field
                name="password"
                label="Senha"
                type="password"
                autoComplete="new-password"
                errors={createUser.errors}
                idPrefix="cu-"
              />
              <Field
                name="admin_password"
                label="Senha de administrador"
                type="password"
                autoComplete="off"
                className="admin-password"
                hint="Necessária para criar um gerente. É a senha mostrada no primeiro acesso da Bancada; não muda quando um gerente troca a própria senha."
                errors={createUser.errors}
                idPrefix="cu-"
              />
              <div className="actions">
                <SubmitButton label="Criar" />
                <DialogCancel />
              </div>
            </Form>
          </Dialog>
        </>
      ) : null}

      <h2>Meus dados</h2>
      <Form action="/configuracoes/meus-dados" className="profile" label="Meus dados">
        <WhichForm form="profile" />
        <Field
          name="username"
          label="Usuário"
          value={profile.values.username}
          errors={profile.errors}
          autoComplete="username"
        />
        <Field
          name="password_old"
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          errors={profile.errors}
        />
        <Field
          name="password_new"
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          errors={profile.errors}
        />
        <Field
          name="password_confirm"
          label="Confirmar senha"
          type="password"
          autoComplete="new-password"
          errors={profile.errors}
        />
        <SubmitButton label="Salvar" />
      </Form>

      <Form action="/sair" className="logout" label="Sair">
        <button type="submit" className="secondary">
          Sair
        </button>
      </Form>
    </section>
  );
}
