import {
  COUPON_CATEGORIES,
  COUPON_CATEGORY_LABELS,
  COUPON_NAME_MAX,
  validateCouponTemplate,
  type CouponCategory,
  type CouponTemplateDto,
  type CouponTemplateInput,
} from '@balcao/contract';
import { FieldsForm } from '../../ui/fields-form';
import {
  listValue,
  textValue,
  type FieldValue,
  type FormField,
  type FormValues,
} from '../../ui/form-field';
import { eventInstantOf, formatEventDateTime } from '../../ui/formats';
import type { CouponProduct } from './slice';

export const NO_PRODUCTS = 'Você nao possui produtos';

const shownDate = (iso: string | null) => (iso ? formatEventDateTime(iso) : '');

function initialOf(template: CouponTemplateDto | null): FormValues {
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
    whiteList: template.whiteList.map((product) => String(product.id)),
    blackList: template.blackList.map((product) => String(product.id)),
    propagate: template.propagate,
  };
}

/** The ticked categories, in the order they were ticked. */
const chosenCategories = (values: FormValues) =>
  listValue(values.categories).filter((value): value is CouponCategory =>
    (COUPON_CATEGORIES as readonly string[]).includes(value),
  );

/** The lists offer the products of the chosen categories. */
const offeredProducts = (products: readonly CouponProduct[], values: FormValues) =>
  products.filter((product) => chosenCategories(values).includes(product.type));

function templateFields(products: readonly CouponProduct[], values: FormValues): FormField[] {
  const offered = offeredProducts(products, values).map((product) => ({
    value: String(product.id),
    label: product.name,
  }));
  const productList = (name: string, label: string): FormField => ({
    name,
    label,
    type: 'checkboxes',
    boxes: 'scroll',
    options: offered,
    noOptions: NO_PRODUCTS,
  });
  return [
    { name: 'name', label: 'Nome', type: 'text', autoFocus: true, maxLength: COUPON_NAME_MAX },
    { name: 'value', label: 'Porcentagem', type: 'decimal', placeholder: '0,00' },
    {
      name: 'categories',
      label: 'Categorias',
      type: 'checkboxes',
      boxes: 'inline',
      options: COUPON_CATEGORIES.map((category) => ({
        value: category,
        label: COUPON_CATEGORY_LABELS[category],
      })),
    },
    {
      name: 'start',
      label: 'Início',
      type: 'datetime',
      half: true,
      help: 'Vazio: a partir de agora.',
    },
    { name: 'expiration', label: 'Expiração', type: 'datetime', half: true },
    productList('whiteList', 'Somente estes produtos (lista branca)'),
    productList('blackList', 'Exceto estes produtos (lista negra)'),
    { name: 'propagate', label: 'Aplicar alterações aos cupons não utilizados', type: 'boolean' },
  ];
}

/** A picked 'DD/MM/AAAA HH:mm' (the event's time) as the instant the API takes. */
function instantOf(text: string): string {
  return eventInstantOf(text.trim()) ?? text.trim();
}

/** The percent typed with a comma or a point; NaN when empty or not a number. */
function percentOf(text: string): number {
  const cleaned = text.trim().replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

function inputOf(values: FormValues, products: readonly CouponProduct[]): CouponTemplateInput {
  const offered = offeredProducts(products, values).map((product) => product.id);
  // Products of a category no longer chosen leave the lists.
  const listed = (value: FieldValue | undefined) =>
    listValue(value)
      .map(Number)
      .filter((id) => offered.includes(id))
      .map((id) => ({ id }));
  const start = textValue(values.start);
  const expiration = textValue(values.expiration);
  return {
    name: textValue(values.name).trim(),
    value: percentOf(textValue(values.value)),
    type: 'PERCENT_VALUE',
    categories: chosenCategories(values),
    startDate: start.trim() === '' ? null : instantOf(start),
    expirationDate: expiration.trim() === '' ? '' : instantOf(expiration),
    whiteList: listed(values.whiteList),
    blackList: listed(values.blackList),
    propagate: values.propagate === true,
  };
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
 * before the save, the server's refusal after it.
 */
export function TemplateForm({
  template,
  products,
  busy,
  error,
  onSave,
  onCancel,
}: TemplateFormProps) {
  const startChanged = (values: FormValues) =>
    template === null || values.start !== shownDate(template.startDate);
  return (
    <FieldsForm
      layout="modal"
      mode={template ? 'edit' : 'create'}
      fields={(values) => templateFields(products, values)}
      initial={initialOf(template)}
      busy={busy}
      error={error}
      validate={(values) =>
        validateCouponTemplate(
          inputOf(values, products),
          new Date(),
          products,
          startChanged(values),
        )
      }
      onSave={(values) => onSave(inputOf(values, products))}
      onCancel={onCancel}
    />
  );
}
