/**
 * What an SVG costs svg-to-pdfkit to print, counted from its elements and the references between
 * them in linear time, without drawing it. svg-to-pdfkit draws a referenced element again at each
 * reference (<use>, a pattern, clip-path or mask by url(#…), a marker at each vertex of a shape),
 * so 1.7 KB of nested <use> can draw a million shapes; and it recurses once per level, so a deep
 * file overflows its stack. The count is memoised per element over the reference graph, and a
 * reference back to an element being counted is a cycle.
 */
import type { SaxesTagNS } from 'saxes';

/** Gradients are painted, not drawn: a reference to one costs one element, whatever its stops. */
const PAINTS = new Set(['lineargradient', 'radialgradient']);
/** Drawn only where referenced: a <style> rule's url(#…) is taken to reach every element outside. */
const REFERENCED = new Set(['pattern', 'clippath', 'mask', 'marker']);
/** Not drawn where they stand, only where something references them. */
const NOT_DRAWN_IN_PLACE = new Set(['defs', ...REFERENCED, ...PAINTS]);

/** Elements whose text svg-to-pdfkit lays out glyph by glyph: ten glyphs cost about a shape. */
const TEXTS = new Set(['text', 'tspan', 'textpath']);
const GLYPHS_PER_ELEMENT = 10;

const URL_REF = /url\(\s*['"]?\s*#([^'")\s]+)/gi;
/** A path's or polyline's numbers and commands: at least its vertices, where markers are drawn. */
const PATH_TOKEN = /[a-df-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

interface SvgNode {
  local: string;
  children: number[];
  /** Ids this element names by href="#…" or url(#…). */
  refs: string[];
  /** Where markers would be drawn (0 for anything but a shape). */
  vertices: number;
  /** Inside a pattern, clip, mask or marker. */
  referencedOnly: boolean;
  /** Its text's glyphs, as elements. */
  glyphs: number;
}

const urlRefs = (css: string) => [...css.matchAll(URL_REF)].map(([, id]) => id!);

export class SvgGraph {
  private readonly nodes: SvgNode[] = [];
  private readonly open_: number[] = [];
  private readonly ids = new Map<string, number[]>();
  /** url(#…) in <style> rules: taken to apply to every element outside a referenced one. */
  private readonly sheetRefs: string[] = [];

  get size(): number {
    return this.nodes.length;
  }

  /** An element opened, `plain` undoing CSS escapes in its attributes. */
  open(tag: SaxesTagNS, plain: (css: string) => string = (css) => css): void {
    const parent = this.open_.at(-1);
    const local = tag.local.toLowerCase();
    const refs: string[] = [];
    let vertices = 0;
    for (const { local: name, value } of Object.values(tag.attributes)) {
      if (name.toLowerCase() === 'href') {
        if (value.trim().startsWith('#')) refs.push(value.trim().slice(1));
      } else {
        refs.push(...urlRefs(plain(value)));
      }
      if (name === 'd' || name === 'points') vertices += value.match(PATH_TOKEN)?.length ?? 0;
    }
    if (local === 'line') vertices = 2;
    const index = this.nodes.length;
    this.nodes.push({
      local,
      children: [],
      refs,
      vertices,
      glyphs: 0,
      referencedOnly:
        parent !== undefined &&
        (this.nodes[parent]!.referencedOnly || REFERENCED.has(this.nodes[parent]!.local)),
    });
    if (parent !== undefined) this.nodes[parent]!.children.push(index);
    const id = tag.attributes.id?.value;
    if (id !== undefined) {
      const same = this.ids.get(id);
      if (same) same.push(index);
      else this.ids.set(id, [index]);
    }
    this.open_.push(index);
  }

  close(): void {
    this.open_.pop();
  }

  /** Text read inside the element open now: drawn glyph by glyph when it is a text's. */
  text(chunk: string): void {
    const node = this.nodes[this.open_.at(-1) ?? -1];
    if (node && TEXTS.has(node.local)) node.glyphs += chunk.trim().length / GLYPHS_PER_ELEMENT;
  }

  /** A <style> sheet's text, escapes undone. */
  styleSheet(css: string): void {
    this.sheetRefs.push(...urlRefs(css));
  }

  /**
   * The elements a print draws and its depth, or the id a cycle goes through. Counts stop growing
   * past `cap` × 100, so a bomb's count stays a number.
   */
  drawn(cap: number): { elements: number; depth: number } | { cycle: string } {
    const count = this.nodes.length;
    if (count === 0) return { elements: 0, depth: 0 };
    const targets = (ids: readonly string[]) => ids.flatMap((id) => this.ids.get(id) ?? []);
    const markers = new Set(
      targets([...this.sheetRefs, ...this.nodes.flatMap((node) => node.refs)]).filter(
        (index) => this.nodes[index]!.local === 'marker',
      ),
    );
    const sheetTargets = targets(this.sheetRefs).filter(
      (index) => !markers.has(index) && !PAINTS.has(this.nodes[index]!.local),
    );
    /** What drawing an element draws again: its children, what it references, its markers. */
    const edges = (index: number): { target: number; times: number }[] => {
      const node = this.nodes[index]!;
      const own = targets(node.refs).filter((target) => !PAINTS.has(this.nodes[target]!.local));
      const referenced = own.filter((target) => !markers.has(target));
      // A marker may be inherited or set by a rule: every shape outside one may draw them all.
      const marked = node.referencedOnly
        ? own.filter((target) => markers.has(target))
        : [...markers];
      if (!node.referencedOnly) referenced.push(...sheetTargets);
      const children = node.children.filter(
        (child) => !NOT_DRAWN_IN_PLACE.has(this.nodes[child]!.local),
      );
      return [
        ...children.map((target) => ({ target, times: 1 })),
        ...referenced.map((target) => ({ target, times: 1 })),
        ...(node.vertices > 0 ? marked.map((target) => ({ target, times: node.vertices })) : []),
      ];
    };
    const state = new Uint8Array(count); // 0 not seen, 1 being counted, 2 counted
    const cost = new Float64Array(count);
    const depth = new Uint32Array(count);
    const ceiling = cap * 100;
    const stack = [0];
    while (stack.length > 0) {
      const index = stack.at(-1)!;
      if (state[index] === 2) {
        stack.pop();
      } else if (state[index] === 0) {
        state[index] = 1;
        for (const { target } of edges(index)) {
          if (state[target] === 1) return { cycle: this.idOf(target) };
          if (state[target] === 0) stack.push(target);
        }
      } else {
        stack.pop();
        let total = 1 + Math.ceil(this.nodes[index]!.glyphs);
        let deepest = 0;
        for (const { target, times } of edges(index)) {
          total += cost[target]! * times;
          deepest = Math.max(deepest, depth[target]!);
        }
        cost[index] = Math.min(total, ceiling);
        depth[index] = deepest + 1;
        state[index] = 2;
      }
    }
    return { elements: cost[0]!, depth: depth[0]! };
  }

  private idOf(index: number): string {
    for (const [id, indices] of this.ids) if (indices.includes(index)) return id;
    return this.nodes[index]!.local;
  }
}
