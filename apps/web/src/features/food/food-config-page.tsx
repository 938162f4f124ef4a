import { useCallback } from 'react';
import Button from 'react-bootstrap/Button';
import { FOOD_REFRESH_MAX, FOOD_REFRESH_MIN } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { listValue, required, textValue, type FormField } from '../../ui/form-field';
import { SettingsForm } from '../../ui/settings-form';
import { FoodPanel } from './food-panel';
import {
  foodEditCancelled,
  foodEditStarted,
  foodPanelOpened,
  foodSavedNoticeClosed,
  foodSaveRequested,
  selectFood,
} from './slice';
import './area';

/** A whole number: marked red, and Salvar waits, until it is one. */
const integerField = (name: string, label: string, help: string): FormField => ({
  name,
  label,
  help,
  type: 'integer',
  markInvalid: true,
  validate: required(`${label}: digite um número inteiro.`),
});

const NUMBER_FIELDS: FormField[] = [
  {
    ...integerField('offset', 'Ajuste', 'Unidades somadas ao total vendido (negativo subtrai).'),
    autoFocus: true,
  },
  integerField('target', 'Meta', 'Unidades que a cozinha pretende servir.'),
  integerField(
    'refreshInterval',
    'Intervalo de atualização (segundos)',
    `De ${FOOD_REFRESH_MIN} a ${FOOD_REFRESH_MAX} segundos.`,
  ),
];

/** 'Configurar alimentos' (System): the kitchen panel's settings, and the panel itself. */
export function FoodConfigPage() {
  const dispatch = useAppDispatch();
  const { config, categories, editing, busy, saved, panelOpen } = useAppSelector(selectFood);
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
        idPrefix="food"
        fields={[
          ...NUMBER_FIELDS,
          {
            name: 'category',
            label: 'Categorias de alimentos',
            type: 'checkboxes',
            boxes: 'stacked',
            options: categories.map((category) => ({
              value: String(category.id),
              label: category.name,
            })),
            noOptions:
              "Nenhuma categoria de produto cadastrada. Crie uma na aba 'Categorias' da página 'Produtos'.",
          },
        ]}
        initial={{
          offset: String(config.offset),
          target: String(config.target),
          refreshInterval: String(config.refreshInterval),
          category: config.categoryIds.map(String),
        }}
        onSave={(values) =>
          dispatch(
            foodSaveRequested({
              offset: Number(textValue(values.offset)),
              target: Number(textValue(values.target)),
              refreshInterval: Number(textValue(values.refreshInterval)),
              categoryIds: listValue(values.category).map(Number),
            }),
          )
        }
        onEdit={() => dispatch(foodEditStarted())}
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
      />
      {panelOpen && <FoodPanel />}
    </>
  );
}
