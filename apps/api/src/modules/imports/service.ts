import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { invalidRequest } from '../../http/api-error.ts';
import { requireEvent } from '../events/index.ts';
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
import { readSheetFile, type UploadedSheet } from './sheet-file.ts';
import {
  isFail,
  readSheetRows,
  type SheetFail,
  type SheetItem,
  type SheetRow,
} from './sheet-rows.ts';
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
  /** The first MAX_LISTED_FAILS failures in line order, and why reading stopped if it did. */
  fails: ImportFail[];
  /** Left out of the answer when empty (products never have any). */
  warnings?: ImportWarning[];
  /** Further failed lines, counted but not listed; present only when there are any. */
  failsOmitted?: number;
}

/** Failed lines listed in an answer: enough to fix a file; a list of millions helps no one. */
export const MAX_LISTED_FAILS = 1000;

/** The failures of one import as they come: the first ones kept, the rest only counted. */
export class ImportFails {
  readonly listed: ImportFail[] = [];
  omitted = 0;

  add(fail: SheetFail): void {
    if (this.listed.length < MAX_LISTED_FAILS || fail.stop) {
      this.listed.push({ line: fail.line, error: fail.error });
    } else {
      this.omitted++;
    }
  }
}

/** What an import has done so far. */
export interface ImportProgress extends ImportCounts {
  fails: ImportFails;
  warnings?: ImportWarning[];
}

export interface ImportRequest {
  sheet: string | UploadedSheet;
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
        result.fails.add(item);
        continue;
      }
      const parsed = parseParticipantRow(item.cells, columns, centers);
      if ('error' in parsed) {
        result.fails.add({ line: item.line, error: parsed.error });
        continue;
      }
      const { values, warning } = parsed;
      const earlier = firstLineOf.get(values.cpf);
      if (earlier !== undefined) {
        result.fails.add({
          line: item.line,
          error: `CPF repetido na planilha (já informado na linha ${earlier})`,
        });
        continue;
      }
      firstLineOf.set(values.cpf, item.line);
      batch.push(values);
      // Warnings are listed within the same bound as failures.
      if (warning && (result.warnings?.length ?? 0) < MAX_LISTED_FAILS) {
        (result.warnings ??= []).push({ line: item.line, warning });
      }
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
        result.fails.add(item);
        continue;
      }
      const parsed = parseProductRow(item.cells, columns);
      if ('error' in parsed) result.fails.add({ line: item.line, error: parsed.error });
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
  await requireEvent(db, eventId);
}

type LineConsumer<Key extends string> = (
  rows: AsyncGenerator<SheetItem>,
  columns: ColumnIndexes<Key>,
  result: ImportProgress,
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
  const progress: ImportProgress = {
    fails: new ImportFails(),
    created: 0,
    updated: 0,
    unchanged: 0,
  };
  const rows = readSheetRows(file);
  try {
    const header = await firstRow(rows, progress.fails);
    if (!header) {
      progress.fails.add({ line: 1, error: EMPTY_SHEET });
    } else {
      const { indexes, missing } = resolveColumns(header.cells, specs);
      if (missing.length > 0) {
        progress.fails.add({ line: header.line, error: missingColumnsMessage(missing) });
      } else {
        await consume(rows, indexes, progress);
      }
    }
  } finally {
    await rows.return(undefined);
  }
  const { fails, ...counts } = progress;
  return {
    ...counts,
    fails: fails.listed.sort((a, b) => a.line - b.line),
    ...(fails.omitted > 0 ? { failsOmitted: fails.omitted } : {}),
  };
}

async function firstRow(
  rows: AsyncGenerator<SheetItem>,
  fails: ImportFails,
): Promise<SheetRow | undefined> {
  for (;;) {
    const next = await rows.next();
    if (next.done) return undefined;
    if (!isFail(next.value)) return next.value;
    fails.add(next.value);
  }
}
