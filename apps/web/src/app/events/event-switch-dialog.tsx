import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { eventSwitchDismissed, eventSwitchRequested, selectEventSwitchAsked } from './slice';

/**
 * 'Trocar evento': the one confirmation of every switch of the selected event (the top bar's
 * 'Evento', 'Selecionar' on Eventos), which moves every desk and report at once. A switch starts
 * with `eventSwitchAsked`; only this dialog's confirmation posts it.
 */
export function EventSwitchDialog() {
  const dispatch = useAppDispatch();
  const asked = useAppSelector(selectEventSwitchAsked);
  return (
    <ConfirmDialog
      show={asked !== null}
      title="Trocar evento"
      text={`Todos os balcões e relatórios passam para o evento ${asked?.name ?? ''}.`}
      confirmLabel="Trocar evento"
      onCancel={() => dispatch(eventSwitchDismissed())}
      onConfirm={() => {
        if (asked) dispatch(eventSwitchRequested({ id: asked.id }));
      }}
    />
  );
}
