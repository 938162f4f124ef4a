import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectPermissions } from '../../app/session/slice';
import type { TableRow } from '../../app/tables/slice';
import { loginLockClearRequested, loginLocksRequested, selectTotp } from './slice';
import './area';

const failures = (count: number): string => (count === 1 ? '1 falha' : `${count} falhas`);

/**
 * The users table's toolbar for System users: which accounts the login limits hold now (someone
 * failed on them too often) and 'Desbloquear acesso' for the selected one, so its owner signs in
 * at once (docs/api-foundation.md, 'Login limits').
 */
export function UnlockButton({ selected }: { selected: TableRow | null }) {
  const dispatch = useAppDispatch();
  const isSystem = useAppSelector(selectPermissions).includes('System');
  const { loginLocks, busy, unlockDone } = useAppSelector(selectTotp);
  useEffect(() => {
    if (isSystem) dispatch(loginLocksRequested());
  }, [dispatch, isSystem]);
  if (!isSystem) return null;
  const lock = loginLocks.find((held) => held.userId === Number(selected?.id));
  return (
    <>
      {loginLocks.length > 0 && (
        <span role="status" className="small text-danger">
          Acesso bloqueado por tentativas de senha:{' '}
          {loginLocks.map((held) => `${held.username} (${failures(held.failures)})`).join(', ')}
        </span>
      )}
      <Button
        variant="outline-warning"
        size="sm"
        disabled={!lock || busy}
        onClick={() => lock && dispatch(loginLockClearRequested(lock))}
      >
        Desbloquear acesso
      </Button>
      {unlockDone && (
        <span role="status" className="small text-success">
          Acesso de {unlockDone} desbloqueado.
        </span>
      )}
    </>
  );
}
