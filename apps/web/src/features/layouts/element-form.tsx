import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  LAYOUT_FONT_PT,
  type Layout,
  type LayoutElement,
  type LayoutImageDto,
  type TextElement,
} from '@balcao/contract';
import { ColorField, CommitTextField, NumberField, SelectField } from './form-controls';
import { ImageFileButton } from './image-file-button';
import { ELEMENT_ID, ELEMENT_KIND_LABELS, fieldsOf, withProperty } from './layout-edits';
import { imageNote } from './layout-image';

interface ElementFormProps {
  layout: Layout;
  index: number;
  /** A changed element; the keys typed in one field (`group`) are one undo step. */
  onChange(element: LayoutElement, group?: string): void;
  onRename(id: string): void;
  /** The element's top as it shows (mm), kept when it leaves the flow. */
  topMm: number;
  /** The images the editor has, by id (an image element's pixel size). */
  images: Readonly<Record<string, LayoutImageDto>>;
  /** 'Trocar imagem': a PNG, JPEG or SVG chosen to upload in place of the image's. */
  onReplaceImage(file: File): void;
  /** An image is being read or sent. */
  uploading: boolean;
}

const ALIGNS = [
  { value: 'left', label: 'Esquerda' },
  { value: 'center', label: 'Centro' },
  { value: 'right', label: 'Direita' },
];
const FONTS = [
  { value: 'regular', label: 'Regular' },
  { value: 'bold', label: 'Negrito' },
];
const VALIGNS = [
  { value: 'top', label: 'Topo da caixa' },
  { value: 'bottom', label: 'Base da caixa (pede altura)' },
];

/** The `when` select's value: '' always, 'filled:field', 'empty:field', or 'both' (imported). */
function whenValue(element: LayoutElement): string {
  const { when } = element;
  if (!when || (when.filled === undefined && when.empty === undefined)) return '';
  if (when.filled !== undefined && when.empty !== undefined) return 'both';
  return when.filled !== undefined ? `filled:${when.filled}` : `empty:${when.empty}`;
}

/** The selected element's properties; every change shows in the preview at once. */
export function ElementForm(props: ElementFormProps) {
  const { layout, index, onChange, onRename, topMm, images } = props;
  const element = layout.elements[index]!;
  const fields = fieldsOf(layout.document);
  const fieldOptions = Object.entries(fields).map(([value, label]) => ({ value, label }));
  const textInput = useRef<HTMLInputElement>(null);
  const id = (name: string) => `layout-element-${name}`;
  const set = <E extends LayoutElement, K extends keyof E & string>(
    target: E,
    key: K,
    value: E[K] | undefined,
  ) => onChange(withProperty(target, key, value), key);
  /** A choice (a select): each one is an undo step of its own. */
  const pick = <E extends LayoutElement, K extends keyof E & string>(
    target: E,
    key: K,
    value: E[K] | undefined,
  ) => onChange(withProperty(target, key, value));

  const earlier = layout.elements
    .slice(0, index)
    .flatMap((other) => (other.id === undefined ? [] : [other.id]));
  const takenIds = new Set(
    layout.elements.flatMap((other, at) => (at === index || !other.id ? [] : [other.id])),
  );

  const chooseAfter = (after: string) => {
    if (after === '') {
      const fixed = withProperty(withProperty(element, 'after', undefined), 'gapMm', undefined);
      // Leaving the flow, it stays where it shows.
      onChange({ ...fixed, yMm: topMm });
    } else onChange({ ...element, after });
  };

  const chooseWhen = (value: string) => {
    if (value === 'both') return;
    const [condition, field] = value.split(':') as ['filled' | 'empty', string];
    onChange(withProperty(element, 'when', value === '' ? undefined : { [condition]: field }));
  };

  const insertField = (text: TextElement, field: string) => {
    const input = textInput.current;
    const start = input?.selectionStart ?? text.text.length;
    const end = input?.selectionEnd ?? start;
    const placeholder = `{${field}}`;
    onChange({ ...text, text: text.text.slice(0, start) + placeholder + text.text.slice(end) });
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + placeholder.length, start + placeholder.length);
    });
  };

  return (
    <Form
      aria-label={`Propriedades: ${ELEMENT_KIND_LABELS[element.kind]}`}
      onSubmit={(event) => event.preventDefault()}
    >
      <CommitTextField
        id={id('id')}
        label="Nome (id)"
        value={element.id ?? ''}
        accept={(text) => ELEMENT_ID.test(text) && !takenIds.has(text)}
        onCommit={onRename}
        help="Letras, números, - e _; os elementos abaixo deste o usam."
      />
      {element.kind === 'text' && (
        <>
          <Form.Group controlId={id('text')} className="mb-1">
            <Form.Label className="small mb-0">Texto</Form.Label>
            <Form.Control
              ref={textInput}
              size="sm"
              value={element.text}
              aria-describedby={`${id('text')}-help`}
              onChange={(event) => set(element, 'text', event.target.value)}
            />
            <Form.Text id={`${id('text')}-help`} className="d-block small">
              Os campos entre chaves ({'{campo}'}) mostram os dados de cada impressão.
            </Form.Text>
          </Form.Group>
          <div className="d-flex flex-wrap gap-1 mb-2" role="group" aria-label="Inserir campo">
            {fieldOptions.map((option) => (
              <Button
                key={option.value}
                size="sm"
                variant="outline-secondary"
                onClick={() => insertField(element, option.value)}
              >
                {option.label}
              </Button>
            ))}
          </div>
        </>
      )}
      {(element.kind === 'qr' || element.kind === 'barcode') && (
        <SelectField
          id={id('field')}
          label="Campo"
          value={element.field}
          options={
            fields[element.field] === undefined
              ? [{ value: element.field, label: element.field }, ...fieldOptions]
              : fieldOptions
          }
          onChange={(field) => pick(element, 'field', field)}
        />
      )}
      {element.kind === 'image' && (
        <div className="mb-2">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <ImageFileButton
              inputLabel="Nova imagem (PNG, JPEG ou SVG)"
              busy={props.uploading}
              variant="outline-secondary"
              onFile={props.onReplaceImage}
            >
              Trocar imagem
            </ImageFileButton>
            <span className="small text-body-secondary">
              {images[element.imageId]
                ? imageNote(images[element.imageId]!)
                : 'Imagem não encontrada neste evento: envie-a de novo.'}
            </span>
          </div>
          <Form.Text className="d-block small">
            A imagem é desenhada inteira dentro da caixa, centralizada, sem distorcer.
          </Form.Text>
        </div>
      )}
      <Row className="g-2">
        <Col xs={6}>
          <NumberField
            id={id('x')}
            label="X (mm)"
            value={element.xMm}
            onChange={(value) => set(element, 'xMm', value ?? 0)}
          />
        </Col>
        <Col xs={6}>
          <NumberField
            id={id('y')}
            label="Y (mm)"
            value={element.yMm}
            onChange={(value) => set(element, 'yMm', value ?? 0)}
            help={element.after === undefined ? undefined : 'O mínimo: segue o elemento acima.'}
          />
        </Col>
        <Col xs={6}>
          <SelectField
            id={id('after')}
            label="Abaixo de"
            value={element.after ?? ''}
            options={[
              { value: '', label: '(posição fixa)' },
              ...(element.after !== undefined && !earlier.includes(element.after)
                ? [{ value: element.after, label: element.after }]
                : []),
              ...earlier.map((other) => ({ value: other, label: other })),
            ]}
            onChange={chooseAfter}
          />
        </Col>
        {element.after !== undefined && (
          <Col xs={6}>
            <NumberField
              id={id('gap')}
              label="Espaço acima (mm)"
              value={element.gapMm ?? 0}
              onChange={(value) => set(element, 'gapMm', value || undefined)}
            />
          </Col>
        )}
        {element.kind === 'qr' ? (
          <Col xs={6}>
            <NumberField
              id={id('size')}
              label="Tamanho (mm)"
              value={element.sizeMm}
              min={0.1}
              onChange={(value) => set(element, 'sizeMm', value ?? element.sizeMm)}
            />
          </Col>
        ) : (
          <Col xs={6}>
            <NumberField
              id={id('width')}
              label="Largura (mm)"
              value={element.widthMm}
              min={0.1}
              onChange={(value) => set(element, 'widthMm', value ?? element.widthMm)}
            />
          </Col>
        )}
        {(element.kind === 'barcode' || element.kind === 'band' || element.kind === 'image') && (
          <Col xs={6}>
            <NumberField
              id={id('height')}
              label="Altura (mm)"
              value={element.heightMm}
              min={0.1}
              onChange={(value) => set(element, 'heightMm', value ?? element.heightMm)}
            />
          </Col>
        )}
        {element.kind === 'text' && (
          <Col xs={6}>
            <NumberField
              id={id('height')}
              label="Altura (mm)"
              value={element.heightMm}
              min={0.1}
              optional
              help="Vazio: até o fim da página."
              onChange={(value) => set(element, 'heightMm', value)}
            />
          </Col>
        )}
      </Row>
      {element.kind === 'text' && (
        <Row className="g-2">
          <Col xs={6}>
            <SelectField
              id={id('font')}
              label="Fonte"
              value={element.font}
              options={FONTS}
              onChange={(font) => pick(element, 'font', font as TextElement['font'])}
            />
          </Col>
          <Col xs={6}>
            <NumberField
              id={id('size-pt')}
              label="Tamanho (pt)"
              value={element.sizePt}
              min={LAYOUT_FONT_PT.min}
              max={LAYOUT_FONT_PT.max}
              onChange={(value) => set(element, 'sizePt', value ?? element.sizePt)}
            />
          </Col>
          <Col xs={6}>
            <NumberField
              id={id('min-size-pt')}
              label="Tamanho mínimo (pt)"
              value={element.minSizePt}
              min={LAYOUT_FONT_PT.min}
              max={LAYOUT_FONT_PT.max}
              optional
              help="Reduz a fonte até o texto caber em uma linha; vazio: não reduz."
              onChange={(value) => set(element, 'minSizePt', value)}
            />
          </Col>
          <Col xs={6}>
            <NumberField
              id={id('lines')}
              label="Linhas"
              value={element.maxLines ?? 1}
              min={1}
              max={20}
              integer
              onChange={(value) => set(element, 'maxLines', value === 1 ? undefined : value)}
            />
          </Col>
          <Col xs={6}>
            <SelectField
              id={id('align')}
              label="Alinhamento"
              value={element.align ?? 'left'}
              options={ALIGNS}
              onChange={(align) =>
                pick(
                  element,
                  'align',
                  align === 'left' ? undefined : (align as TextElement['align']),
                )
              }
            />
          </Col>
          <Col xs={6}>
            <SelectField
              id={id('valign')}
              label="Alinhamento vertical"
              value={element.valign ?? 'top'}
              options={VALIGNS}
              onChange={(valign) =>
                pick(
                  element,
                  'valign',
                  valign === 'top' ? undefined : (valign as TextElement['valign']),
                )
              }
            />
          </Col>
        </Row>
      )}
      {element.kind === 'rule' && (
        <NumberField
          id={id('thickness')}
          label="Espessura (pt)"
          value={element.thicknessPt ?? 0.5}
          min={0.1}
          max={20}
          onChange={(value) => set(element, 'thicknessPt', value ?? element.thicknessPt)}
        />
      )}
      {element.kind === 'band' && layout.document === 'badge' && (
        <Form.Group controlId={id('color-from')} className="mb-1">
          <Form.Check
            type="checkbox"
            label="Cor do núcleo do participante"
            checked={element.colorFrom === 'center'}
            aria-describedby={`${id('color-from')}-help`}
            onChange={(event) =>
              pick(element, 'colorFrom', event.target.checked ? 'center' : undefined)
            }
          />
          <Form.Text id={`${id('color-from')}-help`} className="d-block small">
            A cor do cadastro do núcleo (Núcleos → Cor) de cada participante.
          </Form.Text>
        </Form.Group>
      )}
      {(element.kind === 'text' || element.kind === 'rule' || element.kind === 'band') && (
        <ColorField
          id={id('color')}
          label={
            element.kind === 'band' && element.colorFrom === 'center'
              ? 'Cor quando o núcleo não tem cor'
              : 'Cor'
          }
          value={element.color ?? '#000000'}
          onChange={(color) => set(element, 'color', color)}
        />
      )}
      <SelectField
        id={id('when')}
        label="Mostrar"
        value={whenValue(element)}
        options={[
          { value: '', label: 'Sempre' },
          ...(whenValue(element) === 'both'
            ? [{ value: 'both', label: 'Condição combinada (importada)' }]
            : []),
          ...fieldOptions.flatMap((field) => [
            { value: `filled:${field.value}`, label: `Se "${field.label}" estiver preenchido` },
            { value: `empty:${field.value}`, label: `Se "${field.label}" estiver vazio` },
          ]),
        ]}
        onChange={chooseWhen}
      />
    </Form>
  );
}
