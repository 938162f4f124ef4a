import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { isLayoutPdf, TEXT_BASELINE_EM, type DrawOp, type LayoutImageDto } from '@balcao/contract';
import { LAYOUT_FONT_STACK } from './layout-font';
import { pdfPageImage } from './pdf-page-image';
import type { Code128Image } from './code128-image';

type Op<Kind extends DrawOp['kind']> = Extract<DrawOp, { kind: Kind }>;

const QR_CACHE_MAX = 50;
const qrPaths = new Map<string, { size: number; path: string } | null>();

/** The dark modules of the QR (error correction M, as the PDFs), as one path in module units. */
function qrPath(value: string): { size: number; path: string } | null {
  if (qrPaths.has(value)) return qrPaths.get(value) ?? null;
  if (qrPaths.size >= QR_CACHE_MAX) qrPaths.clear();
  const symbol = makeQrPath(value);
  qrPaths.set(value, symbol);
  return symbol;
}

function makeQrPath(value: string): { size: number; path: string } | null {
  try {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    let path = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
      }
    }
    return { size: modules.size, path };
  } catch {
    return null;
  }
}

function QrShape({ op }: { op: Op<'qr'> }) {
  const symbol = qrPath(op.value);
  if (!symbol) return <rect x={op.x} y={op.y} width={op.size} height={op.size} fill="#888" />;
  const scale = op.size / symbol.size;
  return (
    <path
      d={symbol.path}
      transform={`translate(${op.x} ${op.y}) scale(${scale})`}
      fill="black"
      shapeRendering="crispEdges"
    />
  );
}

/** Code 128 symbols' bar and space widths (a few real ones): the placeholder looks the part. */
const SYMBOLS = [
  [2, 1, 2, 2, 2, 2],
  [2, 2, 2, 1, 2, 2],
  [2, 2, 2, 2, 2, 1],
  [1, 2, 1, 2, 2, 3],
  [1, 2, 1, 3, 2, 2],
  [1, 3, 1, 2, 2, 2],
  [1, 2, 2, 2, 1, 3],
  [1, 2, 2, 3, 1, 2],
];
const START = [2, 1, 1, 2, 1, 4];
const STOP = [2, 3, 3, 1, 1, 1, 2];
const QUIET_MODULES = 10;
const MODULE_MAX_PT = (0.5 * 72) / 25.4;

/**
 * A bar code centred with its quiet zones inside the box, modules of at most 0.5 mm, over the box's
 * height, as the PDFs draw it: the real bars when given (a print), else its look, not a scannable
 * one (the editor's preview).
 */
function BarcodeShape({ op, real }: { op: Op<'barcode'>; real?: Code128Image }) {
  if (real) {
    // The same geometry with the real bars: what a printed badge carries.
    const moduleWidth = Math.min(op.width / (real.modules + 2 * QUIET_MODULES), MODULE_MAX_PT);
    const width = real.modules * moduleWidth;
    return (
      <image
        href={real.href}
        x={op.x + (op.width - width) / 2}
        y={op.y}
        width={width}
        height={op.height}
        preserveAspectRatio="none"
      />
    );
  }
  const widths = [
    ...START,
    ...[...op.value].flatMap((char) => SYMBOLS[char.charCodeAt(0) % SYMBOLS.length]!),
    ...STOP,
  ];
  const modules = widths.reduce((sum, width) => sum + width, 0);
  const moduleWidth = Math.min(op.width / (modules + 2 * QUIET_MODULES), MODULE_MAX_PT);
  const bars: { x: number; width: number }[] = [];
  let cursor = op.x + (op.width - modules * moduleWidth) / 2;
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push({ x: cursor, width: width * moduleWidth });
    cursor += width * moduleWidth;
  });
  return (
    <path
      d={bars.map((bar) => `M${bar.x} ${op.y}h${bar.width}v${op.height}h${-bar.width}z`).join('')}
      fill="black"
    />
  );
}

export const MISSING_IMAGE_TEXT = 'Imagem não encontrada';
export const PDF_LOADING_TEXT = 'Carregando o PDF…';
export const PDF_FAILED_TEXT = 'PDF não pôde ser mostrado';

type Box = Pick<Op<'image'>, 'x' | 'y' | 'width' | 'height'>;

/** A picture fitted inside its box, centred, keeping its proportions, as the PDFs draw it. */
const FittedImage = ({ box, href }: { box: Box; href: string }) => (
  <image
    href={href}
    x={box.x}
    y={box.y}
    width={box.width}
    height={box.height}
    preserveAspectRatio="xMidYMid meet"
  />
);

/**
 * A PDF background's first page, drawn by pdf.js (loaded the first time one shows); a grey box
 * says so while it loads, or if the browser cannot draw it.
 */
function PdfPageShape({ box, image }: { box: Box; image: LayoutImageDto }) {
  const [drawn, setDrawn] = useState<{ id: string; href: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    pdfPageImage(image.id, image.dataUrl).then(
      (href) => current && setDrawn({ id: image.id, href }),
      () => current && setDrawn({ id: image.id, href: null }),
    );
    return () => {
      current = false;
    };
  }, [image.id, image.dataUrl]);
  const shown = drawn?.id === image.id ? drawn : null;
  if (shown?.href) return <FittedImage box={box} href={shown.href} />;
  return <NoteBox box={box} text={shown ? PDF_FAILED_TEXT : PDF_LOADING_TEXT} />;
}

/** A grey box with a short note in it, for a picture the preview cannot show. */
function NoteBox({ box, text, missing }: { box: Box; text: string; missing?: string }) {
  const { x, y, width, height } = box;
  // The words fit the box: about 0.55 em a character, on one line.
  const size = Math.max(1, Math.min(8, height * 0.5, width / (text.length * 0.55)));
  return (
    <g data-missing-image={missing}>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        fill="#e9ecef"
        stroke="#adb5bd"
        strokeWidth={0.5}
      />
      <text
        x={x + width / 2}
        y={y + height / 2}
        fontSize={size}
        fontFamily={LAYOUT_FONT_STACK}
        fill="#6c757d"
        textAnchor="middle"
        dominantBaseline="central"
      >
        {text}
      </text>
    </g>
  );
}

/**
 * An upload (an image element's, the background's) fitted inside its box, centred, keeping its
 * proportions (pdfkit's `fit` with align and valign center); a PDF's first page as pdf.js draws
 * it; one the editor does not have is a grey box that says so.
 */
function ImageShape({ op, image }: { op: Op<'image' | 'background'>; image?: LayoutImageDto }) {
  if (!image) return <NoteBox box={op} text={MISSING_IMAGE_TEXT} missing={op.imageId} />;
  if (isLayoutPdf(image)) return <PdfPageShape box={op} image={image} />;
  return <FittedImage box={op} href={image.dataUrl} />;
}

/**
 * One drawing operation of the layout engine, as the PDF draws it; images from `images`, bar codes
 * from `barcodes` when given.
 */
export function DrawOpShape({
  op,
  images,
  barcodes,
}: {
  op: DrawOp;
  images: Readonly<Record<string, LayoutImageDto>>;
  /** Real bar codes by value (code128Image), for a print. */
  barcodes?: Readonly<Record<string, Code128Image>>;
}) {
  switch (op.kind) {
    case 'text':
      return (
        <text
          x={op.x}
          y={op.y + TEXT_BASELINE_EM * op.sizePt}
          fontSize={op.sizePt}
          fontFamily={LAYOUT_FONT_STACK}
          fontWeight={op.font === 'bold' ? 'bold' : 'normal'}
          fill={op.color}
          xmlSpace="preserve"
          // Unhinted outlines at their true advances, kerned as the PDF is: the widths the
          // contract measured, at any zoom.
          textRendering="geometricPrecision"
          style={{ whiteSpace: 'pre', fontKerning: 'normal' }}
        >
          {op.text}
        </text>
      );
    case 'rule':
      return (
        <line
          x1={op.x}
          y1={op.y}
          x2={op.x + op.width}
          y2={op.y}
          stroke={op.color}
          strokeWidth={op.thickness}
        />
      );
    case 'rect':
      return <rect x={op.x} y={op.y} width={op.width} height={op.height} fill={op.color} />;
    case 'qr':
      return <QrShape op={op} />;
    case 'barcode':
      return <BarcodeShape op={op} real={barcodes?.[op.value]} />;
    case 'image':
      return <ImageShape op={op} image={images[op.imageId]} />;
    case 'background':
      return (
        <g data-background={op.imageId}>
          <ImageShape op={op} image={images[op.imageId]} />
        </g>
      );
  }
}
