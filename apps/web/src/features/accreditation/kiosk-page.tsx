import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  BADGE_NAME_MAX,
  CPF_LENGTH,
  KIOSK_NO_EVENT_MESSAGE,
  KIOSK_PAUSED_MESSAGE,
  badgeNameProblem,
  cpfDigits,
  KIOSK_PRINT_HANDED_OFFLINE_NOTE,
  KIOSK_PRINT_HANDED_OFFLINE_TITLE,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useScanField } from '../../ui/scan-field';
import { QrScanner } from '../../ui/qr-scanner';
import {
  badgeNameChanged,
  checkRequested,
  helpRequested,
  kioskReset,
  kioskStarted,
  kioskStopped,
  kioskTouched,
  leaveRequested,
  pinSubmitted,
  printRequested,
  selectKiosk,
  type KioskStationState,
} from './kiosk-slice';
import './kiosk-area';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** The CPF as typed so far, with its dots and dash where they go ('123.456.7'). */
function partialCpf(digits: string): string {
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9)].filter(Boolean);
  const dashed = digits.length > 9 ? `-${digits.slice(9, 11)}` : '';
  return parts.join('.') + dashed;
}

/** The on-screen keypad: digits, 'Apagar' and 'Limpar', each a big touch target. */
function Keypad({ onKey, label }: { onKey: (key: string) => void; label: string }) {
  return (
    <div className="kiosk-keypad" role="group" aria-label={label}>
      {KEYS.map((key) => (
        <button key={key} type="button" className="kiosk-key" onClick={() => onKey(key)}>
          {key}
        </button>
      ))}
      <button type="button" className="kiosk-key kiosk-key-word" onClick={() => onKey('clear')}>
        Limpar
      </button>
      <button type="button" className="kiosk-key" onClick={() => onKey('0')}>
        0
      </button>
      <button
        type="button"
        className="kiosk-key kiosk-key-word"
        aria-label="Apagar último número"
        onClick={() => onKey('erase')}
      >
        Apagar
      </button>
    </div>
  );
}

/** The start: a pass scanned (scanner or camera) or a CPF typed on the keypad. */
function StartScreen({ busy }: { busy: boolean }) {
  const dispatch = useAppDispatch();
  const [entry, setEntry] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useScanField(() => field.current, busy);
  const onlyDigits = /^\d*$/.test(entry);
  const complete = onlyDigits ? entry.length === CPF_LENGTH : entry.trim() !== '';
  const submit = (text = entry) => {
    if (text.trim() === '' || busy) return;
    dispatch(checkRequested({ text }));
    setEntry('');
  };
  const onKey = (key: string) => {
    if (key === 'clear') setEntry('');
    else if (key === 'erase') setEntry((text) => text.slice(0, -1));
    else setEntry((text) => (/^\d*$/.test(text) && text.length < CPF_LENGTH ? text + key : text));
    field.current?.focus();
  };
  return (
    <div className="kiosk-start">
      <div className="kiosk-entry">
        <h2 className="kiosk-title">
          Bem-vindo! Aproxime seu ingresso do leitor ou digite seu CPF.
        </h2>
        <label htmlFor="kiosk-cpf" className="kiosk-label">
          CPF ou ingresso
        </label>
        <input
          id="kiosk-cpf"
          ref={field}
          className="kiosk-cpf"
          // The keypad types here; a touch must not open the tablet's own keyboard.
          inputMode="none"
          autoComplete="off"
          value={onlyDigits ? partialCpf(entry) : entry}
          onChange={(event) => {
            const typed = event.target.value;
            setEntry(/^[\d.\-\s]*$/.test(typed) ? cpfDigits(typed).slice(0, CPF_LENGTH) : typed);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          disabled={busy}
        />
        <button
          type="button"
          className="kiosk-button kiosk-primary"
          disabled={!complete || busy}
          onClick={() => submit()}
        >
          {busy ? 'Procurando…' : 'Continuar'}
        </button>
        <div className="kiosk-camera">
          <QrScanner
            onScan={(text) => submit(text)}
            label="Ler o ingresso com a câmera"
            closeOnScan
            disabled={busy}
          />
        </div>
      </div>
      <Keypad onKey={onKey} label="Teclado numérico do CPF" />
    </div>
  );
}

/** 'Olá, Maria!': the badge name to confirm or shorten (at most 15 characters). */
function GreetingScreen({ kiosk }: { kiosk: KioskStationState }) {
  const dispatch = useAppDispatch();
  const greeting = kiosk.greeting;
  if (!greeting) return null;
  const problem = badgeNameProblem(kiosk.badgeName);
  const characters = [...kiosk.badgeName.trim()].length;
  return (
    <div className="kiosk-greeting">
      <h2 className="kiosk-title">Olá, {greeting.name}!</h2>
      {greeting.reprint && (
        <p className="kiosk-note">Seu crachá já foi impresso: este será uma nova via.</p>
      )}
      <label htmlFor="kiosk-badge-name" className="kiosk-label">
        Nome no crachá (até {BADGE_NAME_MAX} caracteres)
      </label>
      <input
        id="kiosk-badge-name"
        className="kiosk-name"
        value={kiosk.badgeName}
        autoComplete="off"
        aria-describedby="kiosk-badge-name-help"
        aria-invalid={problem ? true : undefined}
        onChange={(event) => dispatch(badgeNameChanged(event.target.value))}
      />
      <p id="kiosk-badge-name-help" className={problem ? 'kiosk-error' : 'kiosk-help-text'}>
        {problem ?? `${characters} de ${BADGE_NAME_MAX} caracteres`}
      </p>
      <div className="kiosk-row">
        <button
          type="button"
          className="kiosk-button kiosk-secondary"
          onClick={() => dispatch(badgeNameChanged(kiosk.badgeName.trimEnd().slice(0, -1)))}
        >
          Apagar última letra
        </button>
        <button
          type="button"
          className="kiosk-button kiosk-secondary"
          onClick={() => dispatch(badgeNameChanged(greeting.badgeName))}
        >
          Desfazer
        </button>
      </div>
      <div className="kiosk-row">
        <button
          type="button"
          className="kiosk-button kiosk-primary"
          disabled={problem !== null}
          onClick={() => dispatch(printRequested())}
        >
          Confirmar e imprimir
        </button>
        <button
          type="button"
          className="kiosk-button kiosk-secondary"
          onClick={() => dispatch(kioskReset())}
        >
          Não sou eu
        </button>
      </div>
    </div>
  );
}

/** The staff PIN: to leave the kiosk page, or for another copy where the event asks it. */
function PinScreen({ kiosk }: { kiosk: KioskStationState }) {
  const dispatch = useAppDispatch();
  const [pin, setPin] = useState('');
  const onKey = (key: string) => {
    if (key === 'clear') setPin('');
    else if (key === 'erase') setPin((typed) => typed.slice(0, -1));
    else setPin((typed) => (typed.length < 8 ? typed + key : typed));
  };
  return (
    <div className="kiosk-start">
      <div className="kiosk-entry">
        <h2 className="kiosk-title">
          {kiosk.pinFor === 'leave'
            ? 'Para sair do quiosque, um atendente deve digitar o PIN.'
            : 'Para uma nova via, um atendente deve digitar o PIN.'}
        </h2>
        <label htmlFor="kiosk-pin" className="kiosk-label">
          PIN do atendente
        </label>
        <input
          id="kiosk-pin"
          className="kiosk-cpf"
          type="password"
          inputMode="none"
          autoComplete="off"
          value={pin}
          aria-describedby="kiosk-pin-error"
          onChange={(event) => setPin(cpfDigits(event.target.value).slice(0, 8))}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && pin.length >= 4) dispatch(pinSubmitted(pin));
          }}
        />
        <p id="kiosk-pin-error" className="kiosk-error" role="alert">
          {kiosk.pinError}
        </p>
        <div className="kiosk-row">
          <button
            type="button"
            className="kiosk-button kiosk-primary"
            disabled={pin.length < 4}
            onClick={() => dispatch(pinSubmitted(pin))}
          >
            Confirmar
          </button>
          <button
            type="button"
            className="kiosk-button kiosk-secondary"
            onClick={() => dispatch(kioskReset())}
          >
            Cancelar
          </button>
        </div>
      </div>
      <Keypad onKey={onKey} label="Teclado numérico do PIN" />
    </div>
  );
}

function Answer({ children, tone }: { children: ReactNode; tone: 'good' | 'info' | 'wait' }) {
  return <div className={`kiosk-answer kiosk-answer-${tone}`}>{children}</div>;
}

function Body({ kiosk }: { kiosk: KioskStationState }) {
  const dispatch = useAppDispatch();
  const restart = (
    <button
      type="button"
      className="kiosk-button kiosk-primary"
      onClick={() => dispatch(kioskReset())}
    >
      Recomeçar
    </button>
  );
  if (kiosk.station?.paused) {
    return (
      <Answer tone="info">
        <h2 className="kiosk-title">{KIOSK_PAUSED_MESSAGE}</h2>
      </Answer>
    );
  }
  if (kiosk.station && !kiosk.station.event) {
    return (
      <Answer tone="info">
        <h2 className="kiosk-title">{KIOSK_NO_EVENT_MESSAGE}</h2>
      </Answer>
    );
  }
  switch (kiosk.phase) {
    case 'start':
    case 'checking':
      return <StartScreen key={kiosk.resets} busy={kiosk.phase === 'checking'} />;
    case 'greeting':
      return <GreetingScreen kiosk={kiosk} />;
    case 'pin':
      // A refused PIN remounts the screen: what was typed goes.
      return <PinScreen key={`${kiosk.resets}-${kiosk.pinTries}`} kiosk={kiosk} />;
    case 'printing':
      return (
        <Answer tone="wait">
          <h2 className="kiosk-title">Imprimindo seu crachá…</h2>
          <p className="kiosk-note">
            {kiosk.jobStatus === 'printing'
              ? 'A impressora está imprimindo.'
              : 'Aguarde: seu crachá está na fila da impressora.'}
          </p>
        </Answer>
      );
    case 'done':
      // Offline no printer agent reports the job: the kiosk says only what it knows.
      if (kiosk.printedOffline) {
        return (
          <Answer tone="good">
            <h2 className="kiosk-title kiosk-done">{KIOSK_PRINT_HANDED_OFFLINE_TITLE}</h2>
            <p className="kiosk-note">{KIOSK_PRINT_HANDED_OFFLINE_NOTE}</p>
            {restart}
          </Answer>
        );
      }
      return (
        <Answer tone="good">
          <h2 className="kiosk-title kiosk-done">Retire seu crachá</h2>
          <p className="kiosk-note">Bom evento!</p>
          {restart}
        </Answer>
      );
    case 'answer':
      return (
        <Answer tone="info">
          <h2 className="kiosk-title">{kiosk.message}</h2>
          {restart}
        </Answer>
      );
  }
}

/**
 * The self-service kiosk (issue #43): no shell, full screen, big type and touch targets. The
 * participant scans their pass or types their CPF, confirms the badge name and takes the badge
 * when the kiosk's printer has printed it. Leaving asks a staff PIN.
 */
export function KioskPage() {
  const dispatch = useAppDispatch();
  const kiosk = useAppSelector(selectKiosk);
  useEffect(() => {
    dispatch(kioskStarted());
    return () => {
      dispatch(kioskStopped());
    };
  }, [dispatch]);
  const station = kiosk.station;
  return (
    <main
      className="kiosk"
      aria-labelledby="kiosk-heading"
      onPointerDown={() => dispatch(kioskTouched())}
      onKeyDown={() => dispatch(kioskTouched())}
    >
      <header className="kiosk-header">
        <h1 id="kiosk-heading" className="kiosk-event">
          {station?.event?.name ?? 'Credenciamento'}
        </h1>
        <span className="kiosk-station">{station?.name}</span>
        {kiosk.offline && (
          <span className="kiosk-offline" role="status">
            Sem conexão com o servidor
          </span>
        )}
      </header>
      <section className="kiosk-body" aria-live="polite">
        <Body kiosk={kiosk} />
      </section>
      <footer className="kiosk-footer">
        <button
          type="button"
          className="kiosk-button kiosk-help"
          disabled={kiosk.helpAsked}
          onClick={() => dispatch(helpRequested())}
        >
          {kiosk.helpAsked ? 'Um atendente foi chamado' : 'Preciso de ajuda'}
        </button>
        <button type="button" className="kiosk-leave" onClick={() => dispatch(leaveRequested())}>
          Sair
        </button>
      </footer>
    </main>
  );
}
