import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { invalidRequest, notFound } from '../../http/api-error.ts';
import {
  missingColumnsMessage,
  resolveColumns,
  type ColumnIndexes,
  type ColumnSpec,
} from './columns.ts';
import {
  CenterLookup,
  PARTICIPANT_COLUMNS,
  parseParticipantRow,
  type ParticipantValues,
} from './participant-rows.ts';
import { loadCatalog, writeProducts } from './product-writer.ts';
import { PRODUCT_COLUMNS, parseProductRow, type ProductLine } from './product-rows.ts';
import { readSheetFile } from './sheet-file.ts';
import { isFail, readSheetRows, type SheetItem, type SheetRow } from './sheet-rows.ts';
import { writeParticipants } from './participant-writer.ts';

export const NO_EVENTS = 'Nenhum evento registrado.';
export const EMPTY_SHEET = 'A planilha está vazia';

export interface ImportFail {
  line: number;
  error: string;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface ImportWarning {
  line: number;
  warning: string;
}

export interface ImportResult extends ImportCounts {
  fails: ImportFail[];
  /** Left out of the answer when empty (products never have any). */
  warnings?: ImportWarning[];
}

export interface ImportRequest {
  sheet: string;
  eventId: number | null;
  userId: number;
  now: Date;
}

/** Lines written per transaction: short enough not to hold other desks' writes for long. */
const PARTICIPANT_BATCH = 1000;
const PRODUCT_BATCH = 500;

/** 'Importar Participantes': upserts by event + CPF; a line that changes nothing is left alone. */
export async function importParticipants(
  db: Kysely<Database>,
  request: ImportRequest & { eventId: number },
): Promise<ImportResult> {
  await checkEvent(db, request.eventId);
  const file = readSheetFile(request.sheet);
  const centers = new CenterLookup(
    await db.selectFrom('centers').select(['id', 'name', 'serial']).execute(),
  );

  return runImport(file, PARTICIPANT_COLUMNS, async (rows, columns, result) => {
    const firstLineOf = new Map<string, number>(); // CPF -> line, to refuse repeats
    let batch: ParticipantValues[] = [];
    const flush = async () => {
      await writeParticipants(db, request.eventId, batch, request.now.toISOString(), result);
      batch = [];
    };
    for await (const item of rows) {
      if (isFail(item)) {
        result.fails.push(item);
        continue;
      }
      const parsed = parseParticipantRow(item.cells, columns, centers);
      if ('error' in parsed) {
        result.fails.push({ line: item.line, error: parsed.error });
        continue;
      }
      const { values, warning } = parsed;
      const earlier = firstLineOf.get(values.cpf);
      if (earlier !== undefined) {
        result.fails.push({
          line: item.line,
          error: `CPF repetido na planilha (já informado na linha ${earlier})`,
        });
        continue;
      }
      firstLineOf.set(values.cpf, item.line);
      batch.push(values);
      if (warning) (result.warnings ??= []).push({ line: item.line, warning });
      if (batch.length >= PARTICIPANT_BATCH) await flush();
    }
    if (batch.length > 0) await flush();
  });
}

/**
 * 'Importar Produtos e Cursos': upserts by Totvs code, else by name; categories are created on
 * first use with PRODUTO as their type; ESTOQUE sets the inventory through a stock movement.
 */
export async function importProducts(
  db: Kysely<Database>,
  request: ImportRequest,
): Promise<ImportResult> {
  await checkEvent(db, request.eventId);
  const file = readSheetFile(request.sheet);
  const catalog = await loadCatalog(db);

  return runImport(file, PRODUCT_COLUMNS, async (rows, columns, result) => {
    let batch: { line: number; product: ProductLine }[] = [];
    const flush = async () => {
      await writeProducts(db, catalog, batch, { userId: request.userId, now: request.now }, result);
      batch = [];
    };
    for await (const item of rows) {
      if (isFail(item)) {
        result.fails.push(item);
        continue;
      }
      const parsed = parseProductRow(item.cells, columns);
      if ('error' in parsed) result.fails.push({ line: item.line, error: parsed.error });
      else batch.push({ line: item.line, product: parsed });
      if (batch.length >= PRODUCT_BATCH) await flush();
    }
    if (batch.length > 0) await flush();
  });
}

/** SPEC.md section 5: nothing can be imported before an event exists; a named one must exist. */
async function checkEvent(db: Kysely<Database>, eventId: number | null): Promise<void> {
  const anyEvent = await db.selectFrom('events').select('id').limit(1).executeTakeFirst();
  if (!anyEvent) throw invalidRequest(NO_EVENTS);
  if (eventId === null) return;
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) throw notFound('Evento não encontrado.');
}

type LineConsumer<Key extends string> = (
  rows: AsyncGenerator<SheetItem>,
  columns: ColumnIndexes<Key>,
  result: ImportResult,
) => Promise<void>;

/**
 * Reads the header (the first non-blank line), checks the required columns, then hands the rest
 * of the lines to `consume`. Missing columns fail the whole file at the header's line.
 */
async function runImport<Key extends string>(
  file: ReturnType<typeof readSheetFile>,
  specs: readonly ColumnSpec<Key>[],
  consume: LineConsumer<Key>,
): Promise<ImportResult> {
  const result: ImportResult = { fails: [], created: 0, updated: 0, unchanged: 0 };
  const rows = readSheetRows(file);
  try {
    const header = await firstRow(rows, result.fails);
    if (!header) {
      result.fails.push({ line: 1, error: EMPTY_SHEET });
      return result;
    }
    const { indexes, missing } = resolveColumns(header.cells, specs);
    if (missing.length > 0) {
      result.fails.push({ line: header.line, error: missingColumnsMessage(missing) });
      return result;
    }
    await consume(rows, indexes, result);
  } finally {
    await rows.return(undefined);
  }
  result.fails.sort((a, b) => a.line - b.line);
  return result;
}

async function firstRow(
  rows: AsyncGenerator<SheetItem>,
  fails: ImportFail[],
): Promise<SheetRow | undefined> {
  for (;;) {
    const next = await rows.next();
    if (next.done) return undefined;
    if (!isFail(next.value)) return next.value;
    fails.push(next.value);
  }
}
