import { useId, useState, type FormEvent } from 'react';
import dayjs from 'dayjs';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  COUPON_CATEGORIES,
  COUPON_CATEGORY_LABELS,
  COUPON_NAME_MAX,
  validateCouponTemplate,
  type CouponCategory,
  type CouponTemplateDto,
  type CouponTemplateInput,
} from '@balcao/contract';
import { CheckboxList } from '../../ui/checkbox-list';
import { maskDateTimeInput } from '../../ui/editor-modal';
import { EVENT_DATE_TIME_FORMAT, parseEventDateTime } from '../../ui/formats';
import type { CouponProduct } from './slice';

export const NO_PRODUCTS = 'Você nao possui produtos';

interface Draft {
  name: string;
  value: string;
  categories: CouponCategory[];
  start: string;
  expiration: string;
  whiteList: number[];
  blackList: number[];
  propagate: boolean;
}

const shownDate = (iso: string | null) => (iso ? dayjs(iso).format(EVENT_DATE_TIME_FORMAT) : '');

function draftOf(template: CouponTemplateDto | null): Draft {
  if (!template)
    return {
      name: '',
      value: '',
      categories: [...COUPON_CATEGORIES],
      start: '',
      expiration: '',
      whiteList: [],
      blackList: [],
      propagate: true,
    };
  return {
    name: template.name,
    value: String(template.value).replace('.', ','),
    categories: template.categories,
    start: shownDate(template.startDate),
    expiration: shownDate(template.expirationDate),
    whiteList: template.whiteList.map((product) => product.id),
    blackList: template.blackList.map((product) => product.id),
    propagate: template.propagate,
  };
}

/** A picked 'DD/MM/AAAA HH:mm' (this browser's time) as the instant the API takes. */
function instantOf(text: string): string {
  const parsed = parseEventDateTime(text.trim());
  return parsed ? parsed.toISOString() : text.trim();
}

/** The percent typed with a comma or a point; NaN when empty or not a number. */
function percentOf(text: string): number {
  const cleaned = text.trim().replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

export function inputOf(draft: Draft): CouponTemplateInput {
  return {
    name: draft.name.trim(),
    value: percentOf(draft.value),
    type: 'PERCENT_VALUE',
    categories: draft.categories,
    startDate: draft.start.trim() === '' ? null : instantOf(draft.start),
    expirationDate: draft.expiration.trim() === '' ? '' : instantOf(draft.expiration),
    whiteList: draft.whiteList.map((id) => ({ id })),
    blackList: draft.blackList.map((id) => ({ id })),
    propagate: draft.propagate,
  };
}

function ProductPicker({
  legend,
  products,
  chosen,
  onChange,
}: {
  legend: string;
  products: readonly CouponProduct[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{legend}</legend>
      <CheckboxList
        id={id}
        options={products.map((product) => ({ value: product.id, label: product.name }))}
        chosen={chosen}
        onChange={onChange}
        empty={NO_PRODUCTS}
        className="border rounded p-2 coupon-products"
      />
    </fieldset>
  );
}

export interface TemplateFormProps {
  template: CouponTemplateDto | null;
  products: readonly CouponProduct[];
  busy: boolean;
  /** The server's refusal. */
  error: string | null;
  onSave: (input: CouponTemplateInput) => void;
  onCancel: () => void;
}

/**
 * The template modal: SPEC.md section 5's checks (packages/contract's validateCouponTemplate)
 * before the save, the server's refusal after it. The lists offer the products of the chosen
 * categories.
 */
export function TemplateForm({
  template,
  products,
  busy,
  error,
  onSave,
  onCancel,
}: TemplateFormProps) {
  const baseId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  const [problem, setProblem] = useState<string | null>(null);
  const change = (part: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...part }));
    setProblem(null);
  };
  const offered = products.filter((product) => draft.categories.includes(product.type));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = inputOf({
      ...draft,
      // Products of a category no longer chosen leave the lists.
      whiteList: draft.whiteList.filter((id) => offered.some((product) => product.id === id)),
      blackList: draft.blackList.filter((id) => offered.some((product) => product.id === id)),
    });
    const startChanged = template === null || draft.start !== shownDate(template.startDate);
    const message = validateCouponTemplate(input, new Date(), products, startChanged);
    setProblem(message);
    if (message === null) onSave(input);
  };

  const shownError = problem ?? error;
  return (
    <Form onSubmit={submit} noValidate>
      <Modal.Body>
        {shownError && (
          <Alert variant="danger" role="alert">
            {shownError}
          </Alert>
        )}
        <Form.Group className="mb-3" controlId={`${baseId}-name`}>
          <Form.Label>Nome</Form.Label>
          <Form.Control
            autoFocus
            maxLength={COUPON_NAME_MAX}
            value={draft.name}
            onChange={(event) => change({ name: event.target.value })}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${baseId}-value`}>
          <Form.Label>Porcentagem</Form.Label>
          <Form.Control
            inputMode="decimal"
            placeholder="0,00"
            value={draft.value}
            onChange={(event) => change({ value: event.target.value.replace(/[^\d,.]/g, '') })}
          />
        </Form.Group>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Categorias</legend>
          {COUPON_CATEGORIES.map((category) => (
            <Form.Check
              key={category}
              inline
              type="checkbox"
              id={`${baseId}-category-${category}`}
              label={COUPON_CATEGORY_LABELS[category]}
              checked={draft.categories.includes(category)}
              onChange={(event) =>
                change({
                  categories: event.target.checked
                    ? [...draft.categories, category]
                    : draft.categories.filter((item) => item !== category),
                })
              }
            />
          ))}
        </fieldset>
        <div className="row g-2">
          <Form.Group className="mb-3 col-sm-6" controlId={`${baseId}-start`}>
            <Form.Label>Início</Form.Label>
            <Form.Control
              inputMode="numeric"
              placeholder="DD/MM/AAAA HH:mm"
              value={draft.start}
              onChange={(event) => change({ start: maskDateTimeInput(event.target.value) })}
            />
            <Form.Text muted>Vazio: a partir de agora.</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3 col-sm-6" controlId={`${baseId}-expiration`}>
            <Form.Label>Expiração</Form.Label>
            <Form.Control
              inputMode="numeric"
              placeholder="DD/MM/AAAA HH:mm"
              value={draft.expiration}
              onChange={(event) => change({ expiration: maskDateTimeInput(event.target.value) })}
            />
          </Form.Group>
        </div>
        <ProductPicker
          legend="Somente estes produtos (lista branca)"
          products={offered}
          chosen={draft.whiteList}
          onChange={(whiteList) => change({ whiteList })}
        />
        <ProductPicker
          legend="Exceto estes produtos (lista negra)"
          products={offered}
          chosen={draft.blackList}
          onChange={(blackList) => change({ blackList })}
        />
        <Form.Check
          type="checkbox"
          id={`${baseId}-propagate`}
          label="Aplicar alterações aos cupons não utilizados"
          checked={draft.propagate}
          onChange={(event) => change({ propagate: event.target.checked })}
        />
      </Modal.Body>
      <Modal.Footer>
        {busy ? (
          <Button type="button" disabled>
            Processando
          </Button>
        ) : (
          <Button type="submit">Salvar</Button>
        )}
        <Button type="button" variant="outline-secondary" onClick={onCancel}>
          Cancelar
        </Button>
      </Modal.Footer>
    </Form>
  );
}
