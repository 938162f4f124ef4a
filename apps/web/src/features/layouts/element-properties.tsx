import Button from 'react-bootstrap/Button';
import { mmToPt, type Layout, type LayoutElement, type LayoutImageDto } from '@balcao/contract';
import type { ElementBox } from './element-boxes';
import { ElementForm } from './element-form';
import { reorderElement, roundMm } from './layout-edits';

interface ElementPropertiesProps {
  layout: Layout;
  /** The selected element's index, or null. */
  index: number | null;
  boxes: readonly ElementBox[];
  images: Readonly<Record<string, LayoutImageDto>>;
  uploading: boolean;
  onReorder(index: number, delta: -1 | 1): void;
  onRemove(index: number): void;
  /** A changed element; `group` names the field whose keys are one undo step. */
  onChange(index: number, element: LayoutElement, group?: string): void;
  onRename(index: number, id: string): void;
  onReplaceImage(index: number, file: File): void;
}

/** 'Propriedades' of the selected element: its order, removal and its form. */
export function ElementProperties(props: ElementPropertiesProps) {
  const { layout, index, boxes, images, uploading } = props;
  const element = index === null ? undefined : layout.elements[index];
  if (index === null || !element) {
    return (
      <p className="small text-body-secondary">
        Selecione um elemento na lista ou na pré-visualização para editá-lo.
      </p>
    );
  }
  return (
    <section aria-labelledby="layout-properties-title">
      <div className="d-flex flex-wrap align-items-center gap-1 mb-2">
        <h2 id="layout-properties-title" className="h6 mb-0 me-auto">
          Propriedades
        </h2>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={!reorderElement(layout, index, -1)}
          onClick={() => props.onReorder(index, -1)}
        >
          Para trás
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={!reorderElement(layout, index, 1)}
          onClick={() => props.onReorder(index, 1)}
        >
          Para frente
        </Button>
        <Button size="sm" variant="outline-danger" onClick={() => props.onRemove(index)}>
          Remover elemento
        </Button>
      </div>
      <ElementForm
        key={index}
        layout={layout}
        index={index}
        topMm={roundMm((boxes[index]?.top ?? 0) / mmToPt(1))}
        onChange={(changed, group) => props.onChange(index, changed, group && `${index}:${group}`)}
        onRename={(id) => props.onRename(index, id)}
        images={images}
        uploading={uploading}
        onReplaceImage={(file) => props.onReplaceImage(index, file)}
      />
    </section>
  );
}
