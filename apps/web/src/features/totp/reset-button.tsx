import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectPermissions } from '../../app/session/slice';
import type { TableRow } from '../../app/tables/slice';
import { selectTotp, userTotpResetRequested } from './slice';
import './area';

const LABEL = 'Redefinir autenticação em dois fatores';

/**
 * The users table's toolbar button for System users: turns the selected user's TOTP off after
 * 'Confirmar ação' (they lost the phone and the recovery codes); they enrol again at next sign-in.
 */
export function TotpResetButton({ selected }: { selected: TableRow | null }) {
  const dispatch = useAppDispatch();
  const permissions = useAppSelector(selectPermissions);
  const { busy, resetDone } = useAppSelector(selectTotp);
  const [asking, setAsking] = useState(false);
  if (!permissions.includes('System')) return null;
  const username = String(selected?.username ?? '');
  return (
    <>
      <Button
        variant="outline-danger"
        size="sm"
        disabled={!selected || busy}
        onClick={() => setAsking(true)}
      >
        {LABEL}
      </Button>
      {resetDone && (
        <span role="status" className="small text-success">
          Autenticação em dois fatores de {resetDone} redefinida.
        </span>
      )}
      <ConfirmDialog
        show={asking && selected !== null}
        title="Confirmar ação"
        text={`Redefinir a autenticação em dois fatores de ${username}? O aplicativo autenticador e os códigos de recuperação atuais deixam de valer, as sessões abertas desse usuário terminam e ele entra só com a senha até cadastrar outro aparelho.`}
        confirmLabel="Redefinir"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          if (selected) dispatch(userTotpResetRequested({ id: Number(selected.id), username }));
        }}
      />
    </>
  );
}
