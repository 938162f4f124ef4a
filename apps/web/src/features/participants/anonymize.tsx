import { useState } from 'react';
import { createAction } from '@reduxjs/toolkit';
import Button from 'react-bootstrap/Button';
import { call, put, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { ParticipantDto } from '@balcao/contract';
import { callApi } from '../../api/call-api';
import { failure, toApiError } from '../../api/api-error';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectPermissions } from '../../app/session/slice';
import { listRequested, type TableRow } from '../../app/tables/slice';

/** 'Anonimizar participante' (System): POST /api/participants/{id}/anonymize. */
export const participantAnonymizeRequested = createAction<number>(
  'participants/anonymizeRequested',
);
export const participantAnonymizeFailed = createAction('participants/anonymizeFailed', failure);

function* anonymize(action: ReturnType<typeof participantAnonymizeRequested>): SagaIterator {
  try {
    yield call(callApi<ParticipantDto>, {
      method: 'POST',
      url: `/api/participants/${action.payload}/anonymize`,
    });
  } catch (thrown) {
    yield put(participantAnonymizeFailed(toApiError(thrown)));
  }
  yield put(listRequested({ table: 'participants' }));
}

export function* participantsSaga(): SagaIterator {
  yield takeLeading(participantAnonymizeRequested.type, anonymize);
}

/**
 * The participants table's toolbar button for System users: replaces the selected participant's
 * personal data with placeholders after 'Confirmar ação'; sales and counts stay. Irreversible.
 */
export function AnonymizeButton({ selected }: { selected: TableRow | null }) {
  const dispatch = useAppDispatch();
  const permissions = useAppSelector(selectPermissions);
  const [asking, setAsking] = useState(false);
  if (!permissions.includes('System')) return null;
  const done = Boolean(selected?.anonymizedAt);
  return (
    <>
      <Button
        variant="outline-danger"
        size="sm"
        disabled={!selected || done}
        title={done ? 'Participante já anonimizado' : undefined}
        onClick={() => setAsking(true)}
      >
        Anonimizar participante
      </Button>
      <ConfirmDialog
        show={asking && selected !== null}
        title="Confirmar ação"
        text={`Anonimizar ${String(selected?.name ?? '')}? Nome, CPF, e-mail, telefone e demais dados pessoais serão substituídos de forma irreversível. Vendas, pedidos e contagens continuam.`}
        confirmLabel="Anonimizar"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          if (selected) dispatch(participantAnonymizeRequested(Number(selected.id)));
        }}
      />
    </>
  );
}
