import Button from 'react-bootstrap/Button';
import { useAppDispatch } from '../../store/hooks';
import { lotteryClosed } from '../session/slice';

/** The LOTTERY landing page until the draw screen is built. */
export function LotteryPlaceholder() {
  const dispatch = useAppDispatch();
  return (
    <main className="lottery-screen">
      <Button
        variant="light"
        className="lottery-close"
        aria-label="Fechar sorteio"
        onClick={() => dispatch(lotteryClosed())}
      >
        ×
      </Button>
      <h1 className="display-4">Sorteio</h1>
      <p className="lead">Em desenvolvimento</p>
    </main>
  );
}
