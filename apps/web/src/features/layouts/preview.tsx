import { useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { mmToPt, type DrawOp, type Layout, type LayoutImageDto } from '@balcao/contract';
import { boxRect, type ElementBox } from './element-boxes';
import { roundMm } from './layout-edits';
import { DrawOpShape } from '../../ui/layout-drawing/draw-op-shape';

const PT_PER_MM = mmToPt(1);
/** Room around the page for the selection's outline and handle. */
const PAD_PT = 8;
const HANDLE_PT = 6;

export interface Position {
  xMm: number;
  yMm: number;
}

export interface Size {
  widthMm: number;
  heightMm: number;
}

interface PreviewProps {
  layout: Layout;
  /** The layout engine's operations (layOut), drawn in order. */
  ops: readonly DrawOp[];
  /** The images the image operations draw, by id. */
  images: Readonly<Record<string, LayoutImageDto>>;
  boxes: readonly ElementBox[];
  selected: number | null;
  /** The preview's accessible name. */
  label: string;
  /** Id of the text telling how the preview is used. */
  describedBy?: string;
  onSelect(index: number | null): void;
  /** A drag or a nudge: the element's new top-left corner. Moves of one `gesture` are one step. */
  onPlace(index: number, position: Position, gesture?: string): void;
  onResize(index: number, size: Size, gesture: string): void;
  /** A drag ended: its changes are one step of the history. */
  onGestureEnd(): void;
  onRemove(index: number): void;
}

interface Drag {
  index: number;
  mode: 'move' | 'resize';
  pointer: { x: number; y: number };
  /**
   * The screen-to-SVG mapping when the drag started: the pointer's moves count even if the page
   * shifts the preview meanwhile (a notice appearing above it).
   */
  toSvg: DOMMatrix;
  /** The element's box when the drag started, in millimetres. */
  origin: { x: number; y: number; width: number; height: number };
  gesture: string;
}

let gestures = 0;

const toMm = (points: number) => points / PT_PER_MM;
const snap = (value: number, step: number) => roundMm(Math.round(value / step) * step);
const clamp = (value: number, low: number, high: number) =>
  Math.min(Math.max(value, low), Math.max(low, high));

/** From the screen to the SVG's own units (points); null where SVG geometry is missing (jsdom). */
function screenToSvg(svg: SVGSVGElement): DOMMatrix | null {
  const matrix = typeof svg.getScreenCTM === 'function' ? svg.getScreenCTM() : null;
  return matrix && typeof DOMPoint !== 'undefined' ? matrix.inverse() : null;
}

function svgPoint(toSvg: DOMMatrix, event: PointerEvent): { x: number; y: number } {
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(toSvg);
  return { x: point.x, y: point.y };
}

/**
 * The page as it prints, drawn from the engine's operations over a light millimetre grid, with
 * every element's box to select, drag (1 mm snaps, Alt 0.1 mm) and resize by its corner handle.
 * While it has the focus: arrows nudge the selection 1 mm (Shift 0.1 mm), Delete removes it.
 */
export function Preview(props: PreviewProps) {
  const { layout, ops, images, boxes, selected, label, describedBy } = props;
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const gridId = useId();
  const width = mmToPt(layout.page.widthMm);
  const height = mmToPt(layout.page.heightMm);
  const minor = PT_PER_MM;

  const startDrag = (event: PointerEvent, index: number, mode: Drag['mode']) => {
    const svg = svgRef.current;
    const box = boxes[index];
    if (!svg || !box) return;
    event.preventDefault();
    event.stopPropagation();
    svg.focus();
    props.onSelect(index);
    const toSvg = screenToSvg(svg);
    if (!toSvg) return;
    const rect = boxRect(layout.elements[index]!, box);
    drag.current = {
      index,
      mode,
      pointer: svgPoint(toSvg, event),
      toSvg,
      origin: {
        x: toMm(box.x),
        y: toMm(box.top),
        width: toMm(rect.width),
        height: toMm(rect.height),
      },
      gesture: `drag-${++gestures}`,
    };
    svg.setPointerCapture?.(event.pointerId);
  };

  const moveDrag = (event: PointerEvent) => {
    const current = drag.current;
    const element = current && layout.elements[current.index];
    if (!current || !element) return;
    const pointer = svgPoint(current.toSvg, event);
    const step = event.altKey ? 0.1 : 1;
    const dx = toMm(pointer.x - current.pointer.x);
    const dy = toMm(pointer.y - current.pointer.y);
    const { origin } = current;
    const page = layout.page;
    if (current.mode === 'move') {
      // An axis the pointer has not moved along keeps its value (a flowed yMm stays as it was).
      const xMm =
        Math.abs(dx) < step / 2
          ? element.xMm
          : clamp(snap(origin.x + dx, step), 0, page.widthMm - origin.width);
      const yMm =
        Math.abs(dy) < step / 2
          ? element.yMm
          : clamp(
              snap(origin.y + dy, step),
              0,
              element.kind === 'rule' ? page.heightMm : page.heightMm - origin.height,
            );
      props.onPlace(current.index, { xMm, yMm }, current.gesture);
      return;
    }
    const grow = element.kind === 'qr' ? Math.max(dx, dy) : undefined;
    const widthMm = clamp(
      snap(origin.width + (grow ?? dx), step),
      step,
      page.widthMm - element.xMm,
    );
    const heightMm = clamp(
      snap(origin.height + (grow ?? dy), step),
      step,
      page.heightMm - origin.y,
    );
    props.onResize(
      current.index,
      element.kind === 'qr'
        ? { widthMm: Math.min(widthMm, heightMm), heightMm: Math.min(widthMm, heightMm) }
        : { widthMm, heightMm },
      current.gesture,
    );
  };

  const endDrag = () => {
    if (!drag.current) return;
    drag.current = null;
    props.onGestureEnd();
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (selected === null) return;
    const element = layout.elements[selected];
    const box = boxes[selected];
    if (!element || !box) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onRemove(selected);
      return;
    }
    if (event.key === 'Escape') {
      props.onSelect(null);
      return;
    }
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const direction = arrows[event.key];
    if (!direction || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    const step = event.shiftKey ? 0.1 : 1;
    // A flowed element moves from where it shows, not from its own (lower) yMm.
    const top = roundMm(toMm(box.top));
    props.onPlace(selected, {
      xMm:
        direction[0] === 0 ? element.xMm : Math.max(0, roundMm(element.xMm + direction[0] * step)),
      yMm: direction[1] === 0 ? element.yMm : Math.max(0, roundMm(top + direction[1] * step)),
    });
  };

  const grid = (
    <rect width={width} height={height} fill={`url(#${gridId}-major)`} pointerEvents="none" />
  );
  const selectedBox = selected === null ? undefined : boxes[selected];
  const selectedElement = selected === null ? undefined : layout.elements[selected];
  const outline = selectedBox && selectedElement && boxRect(selectedElement, selectedBox);

  return (
    <svg
      ref={svgRef}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={0}
      viewBox={`${-PAD_PT} ${-PAD_PT} ${width + 2 * PAD_PT} ${height + 2 * PAD_PT}`}
      className="layout-preview border rounded bg-body-tertiary d-block"
      style={{ width: '100%', height: 'auto', maxHeight: '70vh', touchAction: 'none' }}
      onKeyDown={onKeyDown}
      onPointerMove={moveDrag}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onLostPointerCapture={endDrag}
    >
      <defs>
        <pattern id={`${gridId}-minor`} width={minor} height={minor} patternUnits="userSpaceOnUse">
          <path
            d={`M ${minor} 0 L 0 0 0 ${minor}`}
            fill="none"
            stroke="#e9ecef"
            strokeWidth={0.25}
          />
        </pattern>
        <pattern
          id={`${gridId}-major`}
          width={minor * 10}
          height={minor * 10}
          patternUnits="userSpaceOnUse"
        >
          <rect width={minor * 10} height={minor * 10} fill={`url(#${gridId}-minor)`} />
          <path
            d={`M ${minor * 10} 0 L 0 0 0 ${minor * 10}`}
            fill="none"
            stroke="#ced4da"
            strokeWidth={0.4}
          />
        </pattern>
      </defs>
      <rect
        width={width}
        height={height}
        fill="white"
        stroke="#adb5bd"
        strokeWidth={0.5}
        onPointerDown={() => props.onSelect(null)}
      />
      {!layout.background && grid}
      <g pointerEvents="none">
        {ops.map((op, index) => (
          <DrawOpShape key={index} op={op} images={images} />
        ))}
      </g>
      {/* Over a background, the grid goes over the page, faint, so it still guides. */}
      {layout.background && <g opacity={0.5}>{grid}</g>}
      {boxes.map((box, index) => {
        const element = layout.elements[index]!;
        const rect = boxRect(element, box);
        return (
          <rect
            key={index}
            {...rect}
            data-element={index}
            fill="transparent"
            stroke={box.shown ? 'none' : '#adb5bd'}
            strokeDasharray={box.shown ? undefined : '2 2'}
            strokeWidth={0.5}
            style={{ cursor: 'move' }}
            onPointerDown={(event) => startDrag(event, index, 'move')}
          />
        );
      })}
      {outline && selected !== null && (
        <g>
          <rect
            {...outline}
            fill="none"
            stroke="#0d6efd"
            strokeWidth={0.75}
            strokeDasharray="3 2"
            pointerEvents="none"
            data-selection=""
          />
          <rect
            x={outline.x + outline.width - HANDLE_PT / 2}
            y={outline.y + outline.height - HANDLE_PT / 2}
            width={HANDLE_PT}
            height={HANDLE_PT}
            fill="white"
            stroke="#0d6efd"
            strokeWidth={0.75}
            style={{ cursor: 'nwse-resize' }}
            onPointerDown={(event) => startDrag(event, selected, 'resize')}
          />
        </g>
      )}
    </svg>
  );
}
