import {
  PRINT_SERVICES,
  type PrintMappingRow,
  type PrintService,
  type PrinterRow,
} from '@balcao/contract';
import { sql } from 'kysely';
import { defineResource } from '../resource.ts';
import { dated, nullableText, text } from '../rows.ts';
import { newApiToken } from '../../../auth/tokens.ts';

export const printers = defineResource<PrinterRow>({
  path: '/printers',
  table: 'printers',
  notFound: 'Impressora não encontrada.',
  access: { list: ['System'], write: ['System'] },
  fields: {
    name: {
      type: 'text',
      label: 'o nome',
      column: 'name',
      required: true,
      unique: { message: 'Já existe uma impressora com este nome.' },
    },
    serial: { type: 'text', label: 'o número de série', column: 'serial' },
    // The print agent's credential: generated here, shown to System only, never posted.
    apiToken: { type: 'readOnly', label: 'o token' },
  },
  query: (db) => db.selectFrom('printers').selectAll('printers'),
  toRow: (raw, { canWrite }) => ({
    ...dated(raw),
    name: text(raw.name),
    serial: nullableText(raw.serial),
    ...(canWrite ? { apiToken: text(raw.api_token) } : {}),
  }),
  order: ['printers.name', 'asc'],
  hooks: {
    prepare: ({ mode }) => (mode === 'insert' ? { api_token: newApiToken() } : {}),
  },
  deleteConflicts: [
    {
      table: 'print_mappings',
      column: 'printer_id',
      message: 'Esta impressora está mapeada e não pode ser removida.',
    },
  ],
});

const asService = (value: unknown): PrintService =>
  PRINT_SERVICES.find((service) => service === value) ?? 'BADGE';

export const printMappings = defineResource<PrintMappingRow>({
  path: '/prints/mapping',
  table: 'print_mappings',
  notFound: 'Mapeamento de impressora não encontrado.',
  access: { list: ['System'], write: ['System'] },
  fields: {
    origin: {
      type: 'text',
      label: 'a origem',
      column: 'origin',
      required: true,
      unique: {
        message: 'Já existe um mapeamento desta origem para este serviço.',
        scope: ['service'],
      },
    },
    destination: {
      type: 'reference',
      label: 'o destino',
      column: 'printer_id',
      required: true,
      target: { table: 'printers', notFound: 'Impressora não encontrada.' },
    },
    service: {
      type: 'choice',
      label: 'o serviço',
      column: 'service',
      required: true,
      values: PRINT_SERVICES,
    },
  },
  query: (db) =>
    db
      .selectFrom('print_mappings')
      .innerJoin('printers', 'printers.id', 'print_mappings.printer_id')
      .selectAll('print_mappings')
      .select('printers.name as printer_name'),
  toRow: (raw) => ({
    ...dated(raw),
    origin: text(raw.origin),
    destination: { id: Number(raw.printer_id), name: text(raw.printer_name) },
    service: asService(raw.service),
  }),
  order: ['print_mappings.origin', 'asc'],
  hooks: {
    // The origin is a username, or '*' for anyone.
    validate: async ({ db }, { origin }) => {
      if (typeof origin !== 'string' || origin === '*') return [];
      const user = await db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`lower(username) = lower(${origin})`)
        .executeTakeFirst();
      return user
        ? []
        : [{ name: 'origin', status: "Usuário não encontrado. Use um nome de usuário ou '*'." }];
    },
  },
});
