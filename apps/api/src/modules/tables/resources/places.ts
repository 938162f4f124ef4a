import {
  HEX_COLOR,
  HEX_COLOR_MESSAGE,
  type CenterRow,
  type CityRow,
  type CountryRow,
  type CourseRow,
} from '@balcao/contract';
import { newApiToken } from '../../../auth/tokens.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/types.ts';
import { defineResource } from '../resource.ts';
import { dated, ref, text } from '../rows.ts';

/** Countries, cities, centers (núcleos) and courses: the registries of production mode. */

export const countries = defineResource<CountryRow>({
  path: '/countries',
  table: 'countries',
  notFound: 'País não encontrado.',
  access: { list: ['System'], write: ['System'] },
  fields: {
    name: {
      type: 'text',
      label: 'o nome',
      column: 'name',
      required: true,
      unique: { message: 'Já existe um país com este nome.' },
    },
  },
  query: (db) => db.selectFrom('countries').selectAll('countries'),
  toRow: (raw) => ({ ...dated(raw), name: text(raw.name) }),
  order: ['countries.name', 'asc'],
  deleteConflicts: [
    {
      table: 'cities',
      column: 'country_id',
      message: 'Este país tem cidades cadastradas e não pode ser removido.',
    },
  ],
});

export const cities = defineResource<CityRow>({
  path: '/cities',
  table: 'cities',
  notFound: 'Cidade não encontrada.',
  // The Núcleos page (Center) picks a city from this list.
  access: { list: ['System', 'Center'], write: ['System'] },
  fields: {
    name: {
      type: 'text',
      label: 'o nome',
      column: 'name',
      required: true,
      unique: { message: 'Já existe uma cidade com este nome neste país.', scope: ['country_id'] },
    },
    country: {
      type: 'reference',
      label: 'o país',
      column: 'country_id',
      required: true,
      target: { table: 'countries', notFound: 'País não encontrado.' },
    },
  },
  query: (db) =>
    db
      .selectFrom('cities')
      .innerJoin('countries', 'countries.id', 'cities.country_id')
      .selectAll('cities')
      .select('countries.name as country_name'),
  toRow: (raw) => ({
    ...dated(raw),
    name: text(raw.name),
    country: ref(raw.country_id, raw.country_name) ?? { id: 0, name: '' },
  }),
  order: ['cities.name', 'asc'],
  deleteConflicts: [
    {
      table: 'centers',
      column: 'city_id',
      message: 'Esta cidade tem núcleos cadastrados e não pode ser removida.',
    },
  ],
});

/** The next serial of a registry, read inside the insert transaction (retried on a clash). */
async function nextSerial(db: Kysely<Database>, table: 'centers' | 'courses') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('serial').as('last'))
    .executeTakeFirst();
  return { serial: Number(row?.last ?? 0) + 1 };
}

export const centers = defineResource<CenterRow>({
  path: '/centers',
  table: 'centers',
  notFound: 'Núcleo não encontrado.',
  // Users (System), participants, coursewares and reports pick a center from this list;
  // only Center sees the api tokens.
  access: {
    list: ['Center', 'System', 'Participant', 'Courseware', 'Report'],
    write: ['Center'],
  },
  fields: {
    serial: { type: 'readOnly', label: 'o número' },
    name: { type: 'text', label: 'o nome', column: 'name', required: true },
    city: {
      type: 'reference',
      label: 'a cidade',
      column: 'city_id',
      required: true,
      target: { table: 'cities', notFound: 'Cidade não encontrada.' },
    },
    apiToken: { type: 'readOnly', label: 'o token' },
    // The badges' colour bands that follow the center (docs/layouts-api.md).
    color: {
      type: 'text',
      label: 'a cor',
      column: 'color',
      maxLength: 7,
      pattern: { regex: HEX_COLOR, message: HEX_COLOR_MESSAGE },
    },
  },
  query: (db) =>
    db
      .selectFrom('centers')
      .leftJoin('cities', 'cities.id', 'centers.city_id')
      .selectAll('centers')
      .select('cities.name as city_name'),
  toRow: (raw, { canWrite }) => ({
    ...dated(raw),
    serial: Number(raw.serial),
    name: text(raw.name),
    city: ref(raw.city_id, raw.city_name),
    color: raw.color === null ? null : text(raw.color),
    ...(canWrite ? { apiToken: text(raw.api_token) } : {}),
  }),
  order: ['centers.serial', 'asc'],
  beforeInsert: (db) => nextSerial(db, 'centers'),
  hooks: {
    prepare: ({ mode }) => (mode === 'insert' ? { api_token: newApiToken() } : {}),
  },
  deleteConflicts: [
    {
      table: 'users',
      column: 'center_id',
      message: 'Este núcleo tem usuários cadastrados e não pode ser removido.',
    },
    {
      table: 'participants',
      column: 'center_id',
      message: 'Este núcleo tem participantes cadastrados e não pode ser removido.',
    },
    {
      table: 'coursewares',
      column: 'center_id',
      message: 'Este núcleo tem apostilas cadastradas e não pode ser removido.',
    },
  ],
});

export const courses = defineResource<CourseRow>({
  path: '/courses',
  table: 'courses',
  notFound: 'Curso não encontrado.',
  // Events, coursewares and reports pick a course from this list.
  access: { list: ['Course', 'Event', 'Courseware', 'Report'], write: ['Course'] },
  fields: {
    serial: { type: 'readOnly', label: 'o número' },
    name: {
      type: 'text',
      label: 'o nome',
      column: 'name',
      required: true,
      unique: { message: 'Já existe um curso com este nome.' },
    },
  },
  query: (db) => db.selectFrom('courses').selectAll('courses'),
  toRow: (raw) => ({ ...dated(raw), serial: Number(raw.serial), name: text(raw.name) }),
  order: ['courses.serial', 'asc'],
  beforeInsert: (db) => nextSerial(db, 'courses'),
  deleteConflicts: [
    {
      table: 'events',
      column: 'course_id',
      message: 'Este curso tem eventos cadastrados e não pode ser removido.',
    },
    {
      table: 'coursewares',
      column: 'course_id',
      message: 'Este curso tem apostilas cadastradas e não pode ser removido.',
    },
  ],
});
