import {
  layOut,
  lineHeight,
  mmToPt,
  type DrawOp,
  type Layout,
  type LayoutElement,
  type LayoutValues,
} from '@balcao/contract';
import { withBackground } from './layout-edits';

/** Where an element sits on the preview, in points: what selects, drags and outlines it. */
export interface ElementBox {
  x: number;
  /** The top of the element's box: its own `yMm`, or lower when the flow (`after`) pushes it. */
  top: number;
  width: number;
  height: number;
  /** False when these values leave it out (an empty field, its `when`). */
  shown: boolean;
}

/** The rule's box is this tall at least, centred on its line, so a click can find it. */
const RULE_HIT_PT = 4;

/** An element of no size, placed as `element` is: the engine's answer for where it starts. */
function probe(element: LayoutElement): LayoutElement {
  const { yMm, after, gapMm } = element;
  return {
    kind: 'band',
    xMm: 0,
    yMm,
    ...(after === undefined ? {} : { after }),
    ...(gapMm === undefined ? {} : { gapMm }),
    widthMm: 1,
    heightMm: 1,
    color: '#000000',
  };
}

function boxOf(element: LayoutElement, top: number, ops: readonly DrawOp[]): ElementBox {
  const x = mmToPt(element.xMm);
  const shown = ops.length > 0;
  switch (element.kind) {
    case 'text': {
      let height = lineHeight(element.sizePt);
      if (element.heightMm !== undefined) height = mmToPt(element.heightMm);
      else {
        const last = ops.at(-1);
        if (last?.kind === 'text') height = Math.max(height, last.y + last.sizePt - top);
      }
      return { x, top, width: mmToPt(element.widthMm), height, shown };
    }
    case 'qr':
      return { x, top, width: mmToPt(element.sizeMm), height: mmToPt(element.sizeMm), shown };
    case 'barcode':
    case 'band':
    case 'image':
      return { x, top, width: mmToPt(element.widthMm), height: mmToPt(element.heightMm), shown };
    case 'rule': {
      const height = Math.max(element.thicknessPt ?? 0.5, RULE_HIT_PT);
      return { x, top, width: mmToPt(element.widthMm), height, shown };
    }
  }
}

/** A box's hit and outline rectangle (a rule's is centred on its line). */
export function boxRect(element: LayoutElement, box: ElementBox) {
  const y = element.kind === 'rule' ? box.top - box.height / 2 : box.top;
  return { x: box.x, y, width: box.width, height: box.height };
}

/**
 * Every element's box, from the one layout engine: element i is laid out after the ones before
 * it with a probe in its place first (no id, so it changes no flow), whose rectangle is where i
 * starts; the operations after the probe are i's own.
 */
export function elementBoxes(layout: Layout, values: LayoutValues): ElementBox[] {
  const boxes: ElementBox[] = [];
  let before = 0;
  layout.elements.forEach((element, index) => {
    const elements = [...layout.elements.slice(0, index), probe(element), element];
    // The background is no element's: it is left out, so the operations are the elements'.
    const ops = layOut({ ...withBackground(layout, undefined), elements }, values);
    const start = ops[before];
    const top = start?.kind === 'rect' ? start.y : mmToPt(element.yMm);
    const own = ops.slice(before + 1);
    boxes.push(boxOf(element, top, own));
    before += own.length;
  });
  return boxes;
}
