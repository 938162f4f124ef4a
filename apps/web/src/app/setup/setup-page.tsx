import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { SETUP_STEPS, canOpenPage } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAppMode } from '../config/slice';
import { pageRequested } from '../navigation/slice';
import { selectPermissions } from '../session/slice';
import { PageFrame } from '../../ui/page-frame';
import { selectSetupStatus } from './slice';
import './area';

/** 'Primeiros passos': what a new installation lacks before a desk works, each step a link. */
export function SetupPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSetupStatus);
  const permissions = useAppSelector(selectPermissions);
  const mode = useAppSelector(selectAppMode);
  const done = new Map(status?.steps.map((step) => [step.key, step.done]));

  return (
    <PageFrame title="Primeiros passos">
      <p>
        {status?.complete
          ? 'Tudo pronto: os balcões já podem trabalhar. Os passos opcionais ficam para quando precisar.'
          : 'Antes do primeiro balcão trabalhar, cadastre o que falta. Clique num passo para abrir a página dele.'}
      </p>
      <ListGroup as="ol" numbered className="setup-steps">
        {SETUP_STEPS.map((step) => {
          const ticked = done.get(step.key) === true;
          const openable = canOpenPage(permissions, mode, step.page);
          return (
            <ListGroup.Item as="li" key={step.key} className="d-flex align-items-center gap-2">
              <span
                className={ticked ? 'text-success fw-bold' : 'text-body-secondary'}
                aria-hidden="true"
              >
                {ticked ? '✓' : '○'}
              </span>
              {openable ? (
                <Button
                  variant="link"
                  className="p-0 text-start"
                  onClick={() => dispatch(pageRequested(step.page))}
                >
                  {step.label}
                </Button>
              ) : (
                <span>{step.label}</span>
              )}
              {'optional' in step && (
                <Badge bg="secondary" className="ms-1">
                  opcional
                </Badge>
              )}
              <span className={`ms-auto small ${ticked ? 'text-success' : 'text-body-secondary'}`}>
                {ticked ? 'Feito' : 'Pendente'}
              </span>
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    </PageFrame>
  );
}
