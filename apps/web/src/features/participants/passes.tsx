import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmailSendingProgress } from '../../ui/email-sending-progress';
import { NoticeToast } from '../../ui/notice-toast';
import type { TableRow } from '../../app/tables/slice';
import {
  noticeClosed,
  passRetryRequested,
  passSendingClosed,
  passSendRequested,
  reissueRequested,
  selectPasses,
} from './passes-slice';

/**
 * 'Reemitir ingresso' (not in SPEC's menu, issue #43): after 'Confirmar ação', the selected
 * participant's pass gets a new version and every QR sent before stops admitting anyone.
 */
export function ReissuePassButton({ selected }: { selected: TableRow | null }) {
  const dispatch = useAppDispatch();
  const { reissuing, notice } = useAppSelector(selectPasses);
  const [asking, setAsking] = useState(false);
  const anonymized = Boolean(selected?.anonymizedAt);
  const name = String(selected?.name ?? '');
  return (
    <>
      <Button
        variant="outline-secondary"
        size="sm"
        disabled={!selected || anonymized || reissuing}
        onClick={() => setAsking(true)}
      >
        Reemitir ingresso
      </Button>
      <ConfirmDialog
        show={asking && selected !== null}
        title="Confirmar ação"
        text={`Reemitir o ingresso de ${name}? O QR Code enviado antes deixa de valer no credenciamento.`}
        confirmLabel="Reemitir"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          if (selected) dispatch(reissueRequested({ participantId: Number(selected.id), name }));
        }}
      />
      <NoticeToast text={notice} onClose={() => dispatch(noticeClosed())} />
    </>
  );
}

/**
 * 'Enviar ingressos': each participant's pass by e-mail (QR in the message, PNG and PDF attached)
 * to the selected participant or to everyone of the event with an e-mail; those not 'em dia'
 * (pending payment) only when ticked. Then the sending's progress and result per recipient.
 */
export function SendPassesButton({ selected }: { selected: TableRow | null }) {
  const dispatch = useAppDispatch();
  const { sending, busy } = useAppSelector(selectPasses);
  const [open, setOpen] = useState(false);
  const [onlySelected, setOnlySelected] = useState(false);
  const [includeUnpaid, setIncludeUnpaid] = useState(false);
  const chosen = onlySelected && selected ? selected : null;
  const close = () => {
    setOpen(false);
    dispatch(passSendingClosed());
  };
  const send = () =>
    dispatch(
      passSendRequested({
        ...(chosen ? { participantIds: [Number(chosen.id)] } : {}),
        includeUnpaid,
      }),
    );
  return (
    <>
      <Button
        variant="outline-primary"
        size="sm"
        onClick={() => {
          setOnlySelected(selected !== null);
          setOpen(true);
        }}
      >
        Enviar ingressos
      </Button>
      <Modal show={open} onHide={close} size="lg" aria-labelledby="send-passes-title">
        <Modal.Header closeButton closeLabel="Fechar">
          <Modal.Title id="send-passes-title">Enviar ingressos</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {sending ? (
            <>
              {(sending.withoutEmail > 0 || sending.unpaid > 0) && (
                <p className="text-body-secondary">
                  Fora deste envio: {sending.withoutEmail} sem e-mail, {sending.unpaid} que não
                  estão em dia.
                </p>
              )}
              <EmailSendingProgress
                batch={sending}
                sending={busy}
                onRetry={() => dispatch(passRetryRequested())}
              />
            </>
          ) : (
            <Form>
              <p>
                Cada participante recebe por e-mail o seu ingresso: o QR Code na mensagem e em
                anexo, em imagem e em PDF.
              </p>
              <Form.Check
                type="radio"
                id="send-passes-all"
                name="send-passes-to"
                label="Todos os participantes do evento com e-mail"
                checked={!onlySelected}
                onChange={() => setOnlySelected(false)}
              />
              <Form.Check
                type="radio"
                id="send-passes-selected"
                name="send-passes-to"
                label={
                  selected
                    ? `Somente o participante selecionado (${String(selected.name ?? '')})`
                    : 'Somente o participante selecionado (selecione um na tabela)'
                }
                disabled={!selected}
                checked={onlySelected}
                onChange={() => setOnlySelected(true)}
              />
              <Form.Check
                className="mt-3"
                type="checkbox"
                id="send-passes-unpaid"
                label="Enviar também a quem não está em dia"
                checked={includeUnpaid}
                onChange={(event) => setIncludeUnpaid(event.target.checked)}
              />
            </Form>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Fechar
          </Button>
          {!sending && (
            <Button onClick={send} disabled={busy || (onlySelected && !selected)}>
              {busy ? 'Processando' : 'Enviar'}
            </Button>
          )}
        </Modal.Footer>
      </Modal>
    </>
  );
}
