/**
 * Whether an uploaded SVG is safe to keep, preview and print: well-formed XML with an <svg> root
 * in the SVG namespace, a size, and nothing that runs or reaches outside the file. The browser
 * shows it from a data URL and svg-to-pdfkit draws it; neither may fetch, read a file or run code.
 * Nor may it cost a print more than a bounded drawing: svg-to-pdfkit draws each shape a <use>,
 * pattern, clip, mask or marker repeats (about 0.15 ms a shape) and recurses once a level, so the
 * shapes it would draw and its depth are counted (svg-budget.ts) and bounded.
 */
import { imageSize } from 'image-size';
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { SVG_EMBEDDED_IMAGE } from '../../printing/documents/index.ts';
import { LIMIT_MESSAGES, SVG_MAX_DEPTH, SVG_MAX_ELEMENTS } from './limits.ts';
import { SvgGraph } from './svg-budget.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** The longest part of a refused value a message quotes. */
const QUOTED_MAX = 60;
const quoted = (value: string) =>
  value.length > QUOTED_MAX ? `${value.slice(0, QUOTED_MAX - 1)}…` : value;

const external = (target: string) =>
  `A imagem SVG aponta para um recurso externo (${quoted(target)}): incorpore-o no arquivo.`;

/** CSS escapes (`\75 rl(`) and comments undone, so a hidden `url(` or `@import` shows. */
function plainCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_match, hex: string) =>
      String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff)),
    )
    .replace(/\\([\s\S])/g, '$1');
}

/** What is wrong with CSS (a <style>, a style or presentation attribute): imports, outer urls. */
function cssProblem(css: string): string | null {
  const plain = plainCss(css);
  if (/@import/i.test(plain)) {
    return 'A imagem SVG importa uma folha de estilos (@import): incorpore-a no arquivo.';
  }
  for (const [, target = ''] of plain.matchAll(/url\(\s*([^)]*?)\s*(?:\)|$)/gi)) {
    const unquoted = target.replace(/^(['"])([\s\S]*)\1$/, '$2').trim();
    if (!unquoted.startsWith('#')) return external(unquoted);
  }
  const loader = /\b((?:-webkit-)?image-set|image|src|cross-fade)\(/i.exec(plain);
  if (loader) return external(`${loader[1]}(…)`);
  return null;
}

function attributeProblem(tag: SaxesTagNS, attribute: SaxesAttributeNS): string | null {
  const { local, value } = attribute;
  if (/^on/i.test(local)) {
    return `A imagem SVG tem um atributo de evento (${attribute.name}), que roda código: retire-o do arquivo.`;
  }
  if (local.toLowerCase() === 'href') {
    const target = value.trim();
    if (target.startsWith('#') || SVG_EMBEDDED_IMAGE.test(target)) return null;
    if (/^data:/i.test(target)) {
      return `A imagem SVG embute um arquivo que não é PNG nem JPEG (${quoted(target)}): converta-o em PNG ou JPEG.`;
    }
    return external(target);
  }
  // <set attributeName="href" to="http://…"> would turn a link outward after the check.
  if (local === 'attributeName' && /(^|:)href$/i.test(value.trim())) {
    return `A imagem SVG anima um link (<${tag.name} attributeName="${quoted(value)}">): retire a animação do arquivo.`;
  }
  return cssProblem(value);
}

function elementProblem(tag: SaxesTagNS): string | null {
  const local = tag.local.toLowerCase();
  if (local === 'script') {
    return 'A imagem SVG tem um script (<script>): retire-o do arquivo.';
  }
  if (local === 'foreignobject' || tag.uri === XHTML_NS) {
    return `A imagem SVG tem conteúdo HTML (<${tag.name}>): retire-o do arquivo.`;
  }
  for (const attribute of Object.values(tag.attributes)) {
    const problem = attributeProblem(tag, attribute);
    if (problem) return problem;
  }
  return null;
}

/** The size an SVG declares (viewBox, or width and height), as image-size reads it. */
function declaredSize(root: SaxesTagNS): { width: number; height: number } | null {
  const wanted = ['width', 'height', 'viewBox']
    .map((name) => [name, root.attributes[name]?.value] as const)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}="${value!.replace(/["<>]/g, '')}"`);
  try {
    const { width, height } = imageSize(Buffer.from(`<svg ${wanted.join(' ')}>`));
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/** SVG sizes past this are no drawing's (and past the database's integers): refused. */
const SIZE_MAX = 1_000_000;

export type SvgCheck =
  | {
      width: number;
      height: number;
      /** The shapes a print draws, every <use>, pattern, clip, mask and marker expanded. */
      elements: number;
      /** The embedded PNGs and JPEGs (data: URLs' bytes), checked as uploads are. */
      images: Buffer[];
    }
  | { problem: string };

/** Thrown out of the parser's handlers to stop reading a file already refused. */
class Refused extends Error {}

/**
 * An uploaded SVG's declared size, or why it is refused (pt-BR, naming the problem): not XML, no
 * <svg> root, no size, a DOCTYPE (entities), a processing instruction, a script, HTML, an event
 * handler, or a link, url() or @import that is not the file's own #fragment or an embedded PNG
 * or JPEG.
 */
export function checkSvg(content: Uint8Array): SvgCheck {
  const text = Buffer.from(content).toString('utf8');
  const parser = new SaxesParser({ xmlns: true, position: true });
  let problem = null as string | null;
  let root = null as SaxesTagNS | null;
  let styleDepth = 0;
  let style = '';
  let depth = 0;
  const graph = new SvgGraph();
  const images: Buffer[] = [];
  const refuse = (found: string | null) => {
    problem ??= found;
  };
  parser.on('doctype', () =>
    refuse(
      'A imagem SVG tem uma declaração DOCTYPE, que pode trazer entidades: retire-a do arquivo.',
    ),
  );
  parser.on('processinginstruction', (instruction) =>
    refuse(
      `A imagem SVG tem uma instrução de processamento (<?${quoted(instruction.target)} …?>): retire-a do arquivo.`,
    ),
  );
  parser.on('opentag', (tag) => {
    if (!root) {
      root = tag;
      if (tag.local !== 'svg') refuse('O arquivo não é uma imagem SVG: a raiz deve ser <svg>.');
      else if (tag.uri !== SVG_NS) {
        refuse(`A imagem SVG deve declarar xmlns="${SVG_NS}" em <svg>.`);
      }
    }
    refuse(elementProblem(tag));
    if (tag.local.toLowerCase() === 'style' || styleDepth > 0) styleDepth++;
    // Stopped at the limits while reading: saxes slows with depth (namespace lookups).
    if (++depth > SVG_MAX_DEPTH) refuse(LIMIT_MESSAGES.svgDepth);
    if (graph.size >= SVG_MAX_ELEMENTS) refuse(LIMIT_MESSAGES.svgElements(Infinity));
    if (problem) throw new Refused();
    graph.open(tag, plainCss);
    const href = tag.attributes.href?.value ?? tag.attributes['xlink:href']?.value ?? '';
    const image = SVG_EMBEDDED_IMAGE.exec(href.trim())?.[2];
    if (tag.local === 'image' && image !== undefined) images.push(Buffer.from(image, 'base64'));
  });
  const styleText = (chunk: string) => {
    if (styleDepth > 0) style += chunk;
    graph.text(chunk);
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  parser.on('closetag', () => {
    depth--;
    graph.close();
    if (styleDepth === 0) return;
    styleDepth--;
    if (styleDepth === 0) {
      refuse(cssProblem(style));
      graph.styleSheet(plainCss(style));
      style = '';
    }
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (problem) return { problem };
    const line = /^(\d+):\d+:/.exec(error instanceof Error ? error.message : '')?.[1];
    return {
      problem: `A imagem SVG não é um XML válido${line ? ` (linha ${line})` : ''}: salve-a de novo no editor de imagens.`,
    };
  }
  if (problem) return { problem };
  const size = root ? declaredSize(root) : null;
  if (!size) return { problem: 'A imagem SVG não tem tamanho: defina viewBox ou width e height.' };
  if (Math.max(size.width, size.height) > SIZE_MAX) {
    return {
      problem: 'A imagem SVG tem um tamanho fora do comum: defina viewBox ou width e height.',
    };
  }
  const drawn = graph.drawn(SVG_MAX_ELEMENTS);
  if ('cycle' in drawn) {
    return {
      problem: `A imagem SVG tem uma referência circular (#${quoted(drawn.cycle)}): um elemento usa a si mesmo.`,
    };
  }
  if (drawn.depth > SVG_MAX_DEPTH) return { problem: LIMIT_MESSAGES.svgDepth };
  if (drawn.elements > SVG_MAX_ELEMENTS)
    return { problem: LIMIT_MESSAGES.svgElements(drawn.elements) };
  return { ...size, elements: drawn.elements, images };
}
