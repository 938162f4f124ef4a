import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import type { Layout } from '@balcao/contract';
import type { ElementBox } from './element-boxes';
import { ImageFileButton } from './image-file-button';
import { ELEMENT_KIND_LABELS, elementLabel, type AddableKind } from './layout-edits';

const KINDS: readonly AddableKind[] = ['text', 'qr', 'barcode', 'rule', 'band'];

interface ElementListProps {
  layout: Layout;
  boxes: readonly ElementBox[];
  selected: number | null;
  onSelect(index: number): void;
  onAdd(kind: AddableKind): void;
  /** 'Imagem': a PNG, JPEG or SVG chosen to upload and place. */
  onAddImage(file: File): void;
  /** An image is being read or sent. */
  uploading: boolean;
}

/** 'Elementos': the layout's elements in drawing order (later over earlier), and the add buttons. */
export function ElementList(props: ElementListProps) {
  const { layout, boxes, selected, onSelect, onAdd } = props;
  return (
    <section aria-labelledby="layout-elements-title" className="mb-3">
      <h2 id="layout-elements-title" className="h6">
        Elementos
      </h2>
      <div className="d-flex flex-wrap gap-1 mb-2" role="group" aria-label="Adicionar elemento">
        {KINDS.map((kind) => (
          <Button key={kind} size="sm" variant="outline-primary" onClick={() => onAdd(kind)}>
            {ELEMENT_KIND_LABELS[kind]}
          </Button>
        ))}
        <ImageFileButton
          inputLabel="Imagem a adicionar (PNG, JPEG ou SVG)"
          busy={props.uploading}
          onFile={props.onAddImage}
        >
          {ELEMENT_KIND_LABELS.image}
        </ImageFileButton>
      </div>
      {layout.elements.length === 0 ? (
        <p className="text-body-secondary small">Nenhum elemento. Adicione um acima.</p>
      ) : (
        <ListGroup
          as="ul"
          className="small overflow-auto"
          style={{ maxHeight: '16rem' }}
          aria-label="Elementos do layout"
        >
          {layout.elements.map((element, index) => (
            <ListGroup.Item key={index} as="li" className="p-0" active={index === selected}>
              <button
                type="button"
                className="btn btn-link btn-sm w-100 text-start text-reset text-decoration-none text-truncate"
                aria-pressed={index === selected}
                onClick={() => onSelect(index)}
              >
                {index + 1}. {elementLabel(element, layout.document)}
                {boxes[index]?.shown === false && (
                  <span className="fst-italic"> (oculto com estes dados)</span>
                )}
              </button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
