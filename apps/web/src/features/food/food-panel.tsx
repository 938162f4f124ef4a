import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { foodProgress } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { foodPanelClosed, selectFood } from './slice';
import { formatTime } from '../../ui/formats';

const units = (value: number) => value.toLocaleString('pt-BR');

/**
 * The kitchen screen: food units sold in the selected event plus the offset, against the target,
 * in numbers readable across a kitchen. It covers the window and asks the browser for full screen.
 */
export function FoodPanel() {
  const dispatch = useAppDispatch();
  const { sales, fetchedAt } = useAppSelector(selectFood);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = panel.current;
    element?.focus();
    // Not every browser (or test DOM) has the Fullscreen API; the overlay covers the window anyway.
    element?.requestFullscreen?.().catch(() => {});
    return () => {
      if (document.fullscreenElement) document.exitFullscreen?.().catch(() => {});
    };
  }, []);

  const close = () => dispatch(foodPanelClosed());
  const progress = sales ? foodProgress(sales.total, sales.target) : 0;
  return (
    <div
      ref={panel}
      className="food-panel"
      role="dialog"
      aria-modal="true"
      aria-label="Painel de alimentos"
      tabIndex={-1}
      onKeyDown={(event) => event.key === 'Escape' && close()}
    >
      <Button variant="outline-light" className="food-panel-close" onClick={close}>
        Fechar
      </Button>
      <p className="food-panel-event">{sales?.eventName ?? 'Nenhum evento selecionado'}</p>
      <p className="food-panel-label">Alimentos vendidos</p>
      <p className="food-panel-total" aria-label="Total de alimentos">
        {sales ? units(sales.total) : '—'}
      </p>
      {sales && sales.target > 0 && (
        <>
          <p className="food-panel-target">
            Meta: {units(sales.target)} · {progress}%
          </p>
          <ProgressBar now={progress} variant="success" className="food-panel-progress" />
        </>
      )}
      {sales && (
        <p className="food-panel-detail">
          Vendidos: {units(sales.sold)} · Ajuste: {units(sales.offset)}
          {fetchedAt && ` · Atualizado às ${formatTime(fetchedAt, true)}`}
        </p>
      )}
    </div>
  );
}
