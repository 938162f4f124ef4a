import { useCallback } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FOOD_REFRESH_MAX, FOOD_REFRESH_MIN } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SettingsForm } from '../../ui/settings-form';
import { FoodPanel } from './food-panel';
import {
  foodCategoryToggled,
  foodDraftChanged,
  foodEditCancelled,
  foodEditStarted,
  foodPanelOpened,
  foodSavedNoticeClosed,
  foodSaveRequested,
  selectFood,
  type FoodDraft,
} from './slice';
import './area';

const NUMBER_FIELDS: {
  name: Exclude<keyof FoodDraft, 'categoryIds'>;
  label: string;
  help: string;
}[] = [
  {
    name: 'offset',
    label: 'Ajuste',
    help: 'Unidades somadas ao total vendido (negativo subtrai).',
  },
  { name: 'target', label: 'Meta', help: 'Unidades que a cozinha pretende servir.' },
  {
    name: 'refreshInterval',
    label: 'Intervalo de atualização (segundos)',
    help: `De ${FOOD_REFRESH_MIN} a ${FOOD_REFRESH_MAX} segundos.`,
  },
];

const isInteger = (text: string) => /^-?\d+$/.test(text.trim());

/** 'Configurar alimentos' (System): the kitchen panel's settings, and the panel itself. */
export function FoodConfigPage() {
  const dispatch = useAppDispatch();
  const { config, categories, draft, editing, busy, saved, panelOpen } = useAppSelector(selectFood);
  const closeNotice = useCallback(() => dispatch(foodSavedNoticeClosed()), [dispatch]);
  const chosen = categories.filter((category) => config.categoryIds.includes(category.id));
  return (
    <>
      <SettingsForm
        title="Configurar alimentos"
        editing={editing}
        busy={busy}
        saved={saved}
        onSavedClose={closeNotice}
        saveDisabled={NUMBER_FIELDS.some((field) => !isInteger(draft[field.name]))}
        onEdit={() => dispatch(foodEditStarted())}
        onSave={() => dispatch(foodSaveRequested())}
        onCancel={() => dispatch(foodEditCancelled())}
        viewActions={
          <Button type="button" variant="success" onClick={() => dispatch(foodPanelOpened())}>
            Abrir painel da cozinha
          </Button>
        }
        view={
          <dl className="mb-3">
            <dt>Ajuste</dt>
            <dd>{config.offset}</dd>
            <dt>Meta</dt>
            <dd>{config.target}</dd>
            <dt>Intervalo de atualização</dt>
            <dd>{config.refreshInterval} segundos</dd>
            <dt>Categorias de alimentos</dt>
            <dd>
              {chosen.length > 0
                ? chosen.map((category) => category.name).join(', ')
                : 'Nenhuma categoria escolhida'}
            </dd>
          </dl>
        }
      >
        {NUMBER_FIELDS.map((field, i) => (
          <Form.Group key={field.name} className="mb-3" controlId={`food-${field.name}`}>
            <Form.Label>{field.label}</Form.Label>
            <Form.Control
              autoFocus={i === 0}
              inputMode="numeric"
              value={draft[field.name]}
              isInvalid={!isInteger(draft[field.name])}
              onChange={(event) => dispatch(foodDraftChanged({ [field.name]: event.target.value }))}
            />
            <Form.Text>{field.help}</Form.Text>
          </Form.Group>
        ))}
        <fieldset className="mb-3">
          <legend className="fs-6">Categorias de alimentos</legend>
          {categories.length === 0 && (
            <p className="text-body-secondary">
              Nenhuma categoria de produto cadastrada. Crie uma na aba 'Categorias' da página
              'Produtos'.
            </p>
          )}
          {categories.map((category) => (
            <Form.Check
              key={category.id}
              id={`food-category-${category.id}`}
              label={category.name}
              checked={draft.categoryIds.includes(category.id)}
              onChange={() => dispatch(foodCategoryToggled(category.id))}
            />
          ))}
        </fieldset>
      </SettingsForm>
      {panelOpen && <FoodPanel />}
    </>
  );
}
