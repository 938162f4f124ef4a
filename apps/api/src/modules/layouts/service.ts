import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  certificateLayoutValues,
  DEFAULT_LAYOUTS,
  formatPercent,
  isLayoutPdf,
  LAYOUT_DOCUMENT_LABELS,
  LAYOUT_UPLOAD_MESSAGES,
  layoutProblems,
  type Layout,
  type LayoutDocument,
  type LayoutDto,
  type LayoutImageDto,
  type LayoutSampleDto,
  type PrintService,
} from '@balcao/contract';
import type { Database } from '../../db/types.ts';
import { formatDateInZone } from '../../dates.ts';
import { ApiError, invalidRequest, notFound } from '../../http/api-error.ts';
import {
  preparePictures,
  printable,
  renderLayoutPages,
  type LayoutPicture,
  type PrintableLayout,
} from '../../printing/documents/index.ts';
import { printDocument, type PrintOutcome } from '../../printing/queue.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import { selectedEventId } from '../events/index.ts';
import { IMAGE_MAX_PIXELS, LIMIT_MESSAGES, SVG_MAX_ELEMENTS } from './limits.ts';
import { checkedUpload, type UploadCost } from './uploads.ts';

type Db = Kysely<Database>;

/** The layout `document` prints with in the event: its own, or the default. */
export async function eventLayout(
  db: Db,
  eventId: number | null | undefined,
  document: LayoutDocument,
): Promise<PrintableLayout> {
  const fallback = printable(DEFAULT_LAYOUTS[document]);
  if (eventId === null || eventId === undefined) return fallback;
  const row = await db
    .selectFrom('layouts')
    .select('declaration')
    .where('event_id', '=', eventId)
    .where('document', '=', document)
    .executeTakeFirst();
  if (!row) return fallback;
  const layout = JSON.parse(row.declaration) as Layout;
  return { layout, images: await pictures(db, eventId, layout) };
}

/** The uploads a layout places, as often as it places them: its background and image elements. */
const placedIds = (layout: Layout): string[] => [
  ...(layout.background ? [layout.background.imageId] : []),
  ...layout.elements.flatMap((element) => (element.kind === 'image' ? [element.imageId] : [])),
];

const imageIds = (layout: Layout): string[] => [...new Set(placedIds(layout))];

function imageRows(db: Db, eventId: number, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('layout_images')
    .select(['id', 'mime', 'width_px', 'height_px', 'content'])
    .where('event_id', '=', eventId)
    .where('id', 'in', ids)
    .execute();
}

type ImageRow = Awaited<ReturnType<typeof imageRows>>[number];

const MM_PER_PT = 25.4 / 72;

function toImageDto(row: ImageRow): LayoutImageDto {
  const mime = row.mime as LayoutImageDto['mime'];
  return {
    id: row.id,
    mime,
    widthPx: row.width_px,
    heightPx: row.height_px,
    ...(isLayoutPdf({ mime })
      ? {
          pageMm: {
            widthMm: Math.round(row.width_px * MM_PER_PT),
            heightMm: Math.round(row.height_px * MM_PER_PT),
          },
        }
      : {}),
    dataUrl: `data:${mime};base64,${Buffer.from(row.content).toString('base64')}`,
  };
}

/**
 * Each stored upload's cost, checked again once per process: a file kept before a check existed
 * (or a limit was lowered) must not hold the desks. Uploads never change, so the id is the key.
 */
const storedCosts = new Map<string, UploadCost | { problem: string }>();
const STORED_COSTS_KEPT = 2000;

function rememberCost(id: string, cost: UploadCost | { problem: string }): void {
  if (storedCosts.size >= STORED_COSTS_KEPT) storedCosts.clear();
  storedCosts.set(id, cost);
}

async function storedCost(row: ImageRow): Promise<UploadCost> {
  let known = storedCosts.get(row.id);
  if (!known) {
    try {
      known = (await checkedUpload(Buffer.from(row.content))).cost;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      known = { problem: error.description };
    }
    rememberCost(row.id, known);
  }
  if ('problem' in known) {
    throw invalidRequest(
      `Uma imagem do layout não passa mais nas verificações: ${known.problem} Troque-a no editor de layouts.`,
    );
  }
  return known;
}

/**
 * What one label of `layout` costs to draw, refused past the limits: its SVGs' elements, each
 * as often as it is placed, and the pixels of its pictures, each decoded once per print.
 */
async function checkLabelCost(layout: Layout, rows: readonly ImageRow[]): Promise<void> {
  const costs = new Map<string, UploadCost>();
  for (const row of rows) costs.set(row.id, await storedCost(row));
  const elements = placedIds(layout).reduce(
    (sum, id) => sum + (costs.get(id)?.svgElements ?? 0),
    0,
  );
  if (elements > SVG_MAX_ELEMENTS) throw invalidRequest(LIMIT_MESSAGES.layoutSvg(elements));
  const pixels = [...costs.values()].reduce((sum, cost) => sum + cost.pixels, 0);
  if (pixels > IMAGE_MAX_PIXELS) throw invalidRequest(LIMIT_MESSAGES.layoutPixels(pixels));
}

/** The uploads `layout` places, as the printer draws them, once their cost is known bounded. */
async function pictures(
  db: Db,
  eventId: number,
  layout: Layout,
): Promise<ReadonlyMap<string, LayoutPicture>> {
  const rows = await imageRows(db, eventId, imageIds(layout));
  await checkLabelCost(layout, rows);
  const found = new Map(
    rows.map((row) => [
      row.id,
      {
        mime: row.mime as LayoutPicture['mime'],
        widthPx: row.width_px,
        heightPx: row.height_px,
        content: row.content,
      },
    ]),
  );
  await preparePictures(found.values());
  return found;
}

async function imagesOf(db: Db, eventId: number, layout: Layout) {
  const rows = await imageRows(db, eventId, imageIds(layout));
  return Object.fromEntries(rows.map((row) => [row.id, toImageDto(row)]));
}

/** The layouts of the selected event: every call here is about it. */
async function requireSelectedEvent(db: Db): Promise<number> {
  const eventId = await selectedEventId(db);
  if (eventId === undefined) throw notFound('Nenhum evento selecionado.');
  return eventId;
}

export async function getLayout(db: Db, document: LayoutDocument): Promise<LayoutDto> {
  const eventId = await requireSelectedEvent(db);
  const row = await db
    .selectFrom('layouts')
    .leftJoin('users', 'users.id', 'layouts.updated_by')
    .select(['layouts.declaration', 'layouts.updated_at', 'users.username'])
    .where('layouts.event_id', '=', eventId)
    .where('layouts.document', '=', document)
    .executeTakeFirst();
  if (!row) {
    return {
      document,
      custom: false,
      layout: DEFAULT_LAYOUTS[document],
      updatedAt: null,
      updatedBy: null,
      images: {},
    };
  }
  const layout = JSON.parse(row.declaration) as Layout;
  return {
    document,
    custom: true,
    layout,
    updatedAt: row.updated_at,
    updatedBy: row.username ?? null,
    images: await imagesOf(db, eventId, layout),
  };
}

/** The declaration as sent, refused with every fault named when it is not a layout of `document`. */
export function checkedLayout(document: LayoutDocument, input: unknown): Layout {
  const problems = layoutProblems(input);
  if (problems.length > 0) throw invalidRequest(problems.slice(0, 5).join(' '));
  const layout = input as Layout;
  if (layout.document !== document) {
    throw invalidRequest('O layout é de outro documento: importe-o na aba certa.');
  }
  return layout;
}

export async function saveLayout(
  db: Db,
  now: Date,
  actor: AuditActor,
  document: LayoutDocument,
  input: unknown,
): Promise<LayoutDto> {
  const layout = checkedLayout(document, input);
  const eventId = await requireSelectedEvent(db);
  const wanted = imageIds(layout);
  const found = await imageRows(db, eventId, wanted);
  if (found.length !== wanted.length) {
    throw invalidRequest('Imagem não encontrada: envie-a de novo.');
  }
  const pdfs = new Set(found.filter((row) => isLayoutPdf(row)).map((row) => row.id));
  const pdfElement = layout.elements.findIndex(
    (element) => element.kind === 'image' && pdfs.has(element.imageId),
  );
  if (pdfElement >= 0) {
    throw invalidRequest(
      `Elemento ${pdfElement + 1} (imagem): ${LAYOUT_UPLOAD_MESSAGES.pdfElement}`,
    );
  }
  await checkLabelCost(layout, found);
  const values = {
    declaration: JSON.stringify(layout),
    updated_by: actor.id,
    updated_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    const before = await storedDeclaration(trx, eventId, document);
    await trx
      .insertInto('layouts')
      .values({ event_id: eventId, document, ...values })
      .onConflict((oc) => oc.columns(['event_id', 'document']).doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, {
      entity: 'layouts',
      entityId: `${eventId}/${document}`,
      action: before === undefined ? 'insert' : 'update',
      before: before === undefined ? undefined : { layout: before },
      after: { layout },
      at: now,
    });
  });
  return getLayout(db, document);
}

/** 'Restaurar padrão': the event prints with the default layout again. */
export async function resetLayout(
  db: Db,
  now: Date,
  actor: AuditActor,
  document: LayoutDocument,
): Promise<LayoutDto> {
  const eventId = await requireSelectedEvent(db);
  await db.transaction().execute(async (trx) => {
    const before = await storedDeclaration(trx, eventId, document);
    if (before === undefined) return;
    await trx
      .deleteFrom('layouts')
      .where('event_id', '=', eventId)
      .where('document', '=', document)
      .execute();
    await recordAudit(trx, actor, {
      entity: 'layouts',
      entityId: `${eventId}/${document}`,
      action: 'delete',
      before: { layout: before },
      at: now,
    });
  });
  return getLayout(db, document);
}

async function storedDeclaration(
  db: Db,
  eventId: number,
  document: LayoutDocument,
): Promise<unknown> {
  const row = await db
    .selectFrom('layouts')
    .select('declaration')
    .where('event_id', '=', eventId)
    .where('document', '=', document)
    .executeTakeFirst();
  return row ? (JSON.parse(row.declaration) as unknown) : undefined;
}

/** What the preview and the test print show when the event has nobody to show yet. */
function exampleValues(
  eventName: string,
  publicUrl: string,
): Record<LayoutDocument, Record<string, string>> {
  return {
    badge: {
      badgeName: 'Maria',
      fullName: 'Maria da Conceição Souza',
      center: 'Núcleo Central',
      city: 'São Paulo',
      event: eventName,
      participantId: '12345',
    },
    courseware_label: {
      coursewareId: '00000000-0000-4000-8000-000000000000',
      serial: '01-001-000001',
      course: 'Curso de exemplo',
      center: 'Núcleo Central',
    },
    coupon: {
      couponId: 'EXEMPLO',
      code: 'ABCD-EFGH-JKLM',
      template: 'Cupom de exemplo',
      percent: formatPercent(10),
      validUntil: formatDateInZone(new Date(), 'America/Sao_Paulo'),
      event: eventName,
    },
    certificate: certificateLayoutValues({
      name: 'Maria da Conceição Souza',
      event: eventName,
      course: 'Curso de exemplo',
      hours: 20,
      dates: '10/03/2026 a 12/03/2026',
      code: 'K7QM-3XRT-9HWA-PZ4C-E2NB',
      publicUrl,
    }),
  };
}

/**
 * Values to preview `document` with: the badge of a participant of the selected event (an
 * accredited one first), else example values.
 */
export async function layoutSample(
  db: Db,
  document: LayoutDocument,
  publicUrl: string,
): Promise<LayoutSampleDto> {
  return (await sampleOf(db, document, publicUrl)).sample;
}

/** The preview's values, and the participant they show (erased with them: privacy). */
async function sampleOf(
  db: Db,
  document: LayoutDocument,
  publicUrl: string,
): Promise<{ sample: LayoutSampleDto; participantId: number | null }> {
  const eventId = await requireSelectedEvent(db);
  const event = await db
    .selectFrom('events')
    .select('name')
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  const example: LayoutSampleDto = {
    document,
    source: 'Dados de exemplo',
    values: exampleValues(event.name, publicUrl)[document],
  };
  if (document !== 'badge') return { sample: example, participantId: null };
  const participant = await db
    .selectFrom('participants')
    .leftJoin('centers', 'centers.id', 'participants.center_id')
    .leftJoin('cities', 'cities.id', 'centers.city_id')
    .select([
      'participants.id',
      'participants.name',
      'participants.usual_name',
      'centers.name as center',
      'centers.color as centerColor',
      'cities.name as city',
    ])
    .where('participants.event_id', '=', eventId)
    .orderBy('participants.badge', 'desc')
    .orderBy('participants.id')
    .limit(1)
    .executeTakeFirst();
  if (!participant) return { sample: example, participantId: null };
  const badgeName = participant.usual_name?.trim() || participant.name.trim().split(/\s+/)[0] || '';
  return {
    sample: {
      document,
      source: `Participante: ${participant.name}`,
      values: {
        badgeName,
        fullName: participant.name,
        center: participant.center ?? '',
        city: participant.city ?? '',
        ...(participant.centerColor ? { centerColor: participant.centerColor } : {}),
        event: event.name,
        participantId: String(participant.id),
      },
    },
    participantId: participant.id,
  };
}

/** Where a test print goes: the printer the document's own prints go to. */
const TEST_PRINT_SERVICE = {
  badge: 'BADGE',
  courseware_label: 'COURSEWARE',
  coupon: 'COUPON',
  // No printer of its own (certificates are downloaded and e-mailed): the badges' A4 desk printer.
  certificate: 'BADGE',
} as const satisfies Record<LayoutDocument, PrintService>;

/** 'Imprimir teste': the layout as sent (saved or not) with the preview's values, as a real print. */
export async function printTest(
  db: Db,
  now: Date,
  user: { id: number; username: string },
  document: LayoutDocument,
  input: unknown,
  publicUrl: string,
): Promise<PrintOutcome> {
  const layout = checkedLayout(document, input);
  const { sample, participantId } = await sampleOf(db, document, publicUrl);
  const title = `Teste de layout: ${LAYOUT_DOCUMENT_LABELS[document]}`;
  return printDocument(db, now, {
    user,
    service: TEST_PRINT_SERVICE[document],
    kind: 'teste-layout',
    title,
    // Made with a real participant's name: the file is erased with them.
    participantId,
    pdf: await renderLayoutPages(
      title,
      { layout, images: await pictures(db, await requireSelectedEvent(db), layout) },
      [sample.values],
    ),
  });
}

const DATA_URL = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]*)$/;

/**
 * An upload for the selected event's layouts, sent as a data URL and read from its bytes, whatever
 * the URL's type says (uploads.ts): a PNG or JPEG of at most LAYOUT_IMAGE_MAX_BYTES and
 * LAYOUT_IMAGE_MAX_PX on a side, a safe SVG of at most LAYOUT_IMAGE_MAX_BYTES, or a PDF of at
 * most LAYOUT_PDF_MAX_BYTES for a background.
 */
export async function uploadImage(
  db: Db,
  now: Date,
  actor: AuditActor,
  dataUrl: string,
): Promise<LayoutImageDto> {
  const eventId = await requireSelectedEvent(db);
  const base64 = DATA_URL.exec(dataUrl.trim())?.[2];
  if (base64 === undefined) throw invalidRequest(LAYOUT_UPLOAD_MESSAGES.type);
  const content = Buffer.from(base64, 'base64');
  const { mime, widthPx, heightPx, cost } = await checkedUpload(content);
  try {
    // Made as pdfkit embeds it now, so the first print finds it ready (prepared-images.ts).
    await preparePictures([{ mime, widthPx, heightPx, content }]);
  } catch {
    throw invalidRequest('A imagem não pôde ser lida: salve-a de novo no editor de imagens.');
  }
  const row = {
    id: randomUUID(),
    event_id: eventId,
    mime,
    width_px: widthPx,
    height_px: heightPx,
    content,
    created_by: actor.id,
    created_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('layout_images').values(row).execute();
    await recordAudit(trx, actor, {
      entity: 'layout_images',
      entityId: row.id,
      action: 'insert',
      after: {
        evento: eventId,
        tipo: mime,
        largura: widthPx,
        altura: heightPx,
        bytes: content.length,
      },
      at: now,
    });
  });
  rememberCost(row.id, cost);
  return toImageDto(row);
}
