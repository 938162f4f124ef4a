import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import {
  LOTTERY_HEADLINE_START,
  LOTTERY_SPIN_MS,
  LOTTERY_STEP_MS,
  LOTTERY_TRANSITION_MS,
  lotteryCongratulations,
} from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { lotteryClosed } from '../../app/session/slice';
import { enterFullscreen, exitFullscreen } from './fullscreen';
import background from './lottery-background.svg';
import { drawRequested, selectLottery, winnerRevealed } from './slice';
import './area';

/** A running carousel: the names it cycles through and the steps taken. */
interface Spin {
  names: string[];
  step: number;
}

/** Names above and below the one in the middle. */
const NEIGHBOURS = 2;

function useFullscreen(): boolean {
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const changed = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  return full;
}

/**
 * The vertical carousel: while spinning it steps every LOTTERY_STEP_MS, each step sliding in
 * LOTTERY_TRANSITION_MS; stopped, the middle row is the last winner (or the first name, plain
 * until the first draw: no name looks like a winner before there is one).
 */
function Carousel({
  names,
  index,
  step,
  landed,
}: {
  names: string[];
  index: number;
  step: number;
  landed: string | null;
}) {
  const highlight = step >= 0 || landed !== null;
  const rows = [];
  for (let offset = -NEIGHBOURS; offset <= NEIGHBOURS; offset++) {
    const at =
      names.length === 0 ? -1 : (((index + offset) % names.length) + names.length) % names.length;
    const name = offset === 0 && landed !== null ? landed : (names[at] ?? '');
    const current = offset === 0 && highlight;
    rows.push(
      <li
        key={offset}
        className={current ? 'lottery-name lottery-name-current' : 'lottery-name'}
        aria-current={current ? 'true' : undefined}
      >
        {name || '\u00a0'}
      </li>,
    );
  }
  return (
    <div className="lottery-carousel" aria-label="Participantes do sorteio">
      <ol
        key={step}
        className="lottery-strip"
        style={{ animationDuration: `${LOTTERY_TRANSITION_MS}ms` }}
      >
        {rows}
      </ol>
    </div>
  );
}

/** The LOTTERY land page: the projector screen where the winners are drawn (SPEC.md section 2). */
export function LotteryPage() {
  const dispatch = useAppDispatch();
  const { game, revealed, drawing } = useAppSelector(selectLottery);
  const fullscreen = useFullscreen();
  const [spin, setSpin] = useState<Spin | null>(null);
  const [landed, setLanded] = useState<string | null>(null);
  const [start] = useState(() => Math.floor(Math.random() * 1000));
  const startedAt = useRef(0);

  const pending = game && game.winners.length > revealed ? game.winners.at(-1) : undefined;
  const spinning = spin !== null;

  // The interval reads the latest answer through a ref: it keeps stepping until, past
  // LOTTERY_SPIN_MS, the server's winner is known (then it lands on it) or the draw failed.
  const latest = useRef({ pending, drawing });
  useEffect(() => {
    latest.current = { pending, drawing };
  });
  useEffect(() => {
    if (!spinning) return;
    const timer = setInterval(() => {
      const { pending: winner, drawing: waiting } = latest.current;
      if (winner && Date.now() - startedAt.current >= LOTTERY_SPIN_MS) {
        setSpin(null);
        setLanded(winner.name);
        dispatch(winnerRevealed());
      } else if (!waiting && !winner) {
        setSpin(null);
      } else {
        setSpin((current) => current && { ...current, step: current.step + 1 });
      }
    }, LOTTERY_STEP_MS);
    return () => clearInterval(timer);
  }, [spinning, dispatch]);

  const close = () => {
    exitFullscreen();
    dispatch(lotteryClosed());
  };

  const shown = game ? game.winners.slice(0, revealed) : [];
  const last = shown.at(-1);
  const allDrawn = !game || game.winners.length >= game.prizesCount;
  const names = spin?.names ?? game?.candidates ?? [];

  return (
    <main className="lottery-screen" style={{ backgroundImage: `url("${background}")` }}>
      <Button variant="light" className="lottery-close" aria-label="Fechar sorteio" onClick={close}>
        ×
      </Button>
      {!fullscreen && (
        <Button variant="outline-light" className="lottery-fullscreen" onClick={enterFullscreen}>
          Tela cheia
        </Button>
      )}
      <div className="lottery-stage">
        <h1 className="lottery-headline" aria-live="polite">
          {last ? lotteryCongratulations(last.name) : LOTTERY_HEADLINE_START}
        </h1>
        {game ? (
          <>
            <Carousel
              names={names}
              index={start + (spin?.step ?? 0)}
              step={spin?.step ?? -1}
              landed={spinning ? null : (landed ?? last?.name ?? null)}
            />
            <Button
              variant="warning"
              className="lottery-draw"
              disabled={spinning || drawing || allDrawn}
              onClick={() => {
                setLanded(null);
                startedAt.current = Date.now();
                setSpin({ names: game.candidates, step: 0 });
                dispatch(drawRequested());
              }}
            >
              Sortear
            </Button>
            <p className="lottery-pool">
              {game.products.length > 0
                ? `Concorrem compradores de ${game.products.map((p) => p.name).join(', ')}`
                : 'Concorrem os participantes credenciados com crachá'}
              {` · ${revealed} de ${game.prizesCount} prêmio(s)`}
            </p>
          </>
        ) : (
          <p className="lottery-pool">Nenhum sorteio configurado.</p>
        )}
      </div>
      <aside className="lottery-winners" aria-labelledby="lottery-winners-title">
        <h2 id="lottery-winners-title">Ganhador(es)</h2>
        <ol aria-labelledby="lottery-winners-title">
          {shown.map((winner) => (
            <li key={winner.position}>{winner.name}</li>
          ))}
        </ol>
      </aside>
    </main>
  );
}
