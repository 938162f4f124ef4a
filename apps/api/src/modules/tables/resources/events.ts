import type { EventDto, FieldError } from '@balcao/contract';
import type { Event } from '../../../db/tables/events.ts';
import { toEventDto } from '../../events/index.ts';
import { defineResource } from '../resource.ts';

/** Events keep their list at GET /api/events/list (events module); the editor routes are here. */
export const events = defineResource<EventDto>({
  path: '/events',
  table: 'events',
  notFound: 'Evento não encontrado.',
  access: { list: 'signedIn', write: ['Event'] },
  select: false,
  fields: {
    name: { type: 'text', label: 'o nome', column: 'name', required: true },
    course: {
      type: 'reference',
      label: 'o curso',
      column: 'course_id',
      target: { table: 'courses', notFound: 'Curso não encontrado.' },
    },
    endereco: { type: 'text', label: 'o endereço', column: 'endereco', maxLength: 1000 },
    local: { type: 'text', label: 'o local', column: 'local', maxLength: 1000 },
    valor: { type: 'money', label: 'o valor', column: 'valor_cents', default: 0 },
    linkCourseware: {
      type: 'boolean',
      label: 'o vínculo de apostila',
      column: 'link_courseware',
      default: true,
    },
    // Badges print unless an event turns it off (an accreditation desk cannot work without it).
    printEnabled: {
      type: 'boolean',
      label: 'a impressão',
      column: 'print_enabled',
      default: true,
    },
    inicio: { type: 'datetime', label: 'o início', column: 'inicio', required: true },
    fim: { type: 'datetime', label: 'o fim', column: 'fim', required: true },
  },
  query: (db) => db.selectFrom('events').selectAll('events'),
  toRow: (raw, { config }) => toEventDto(raw as unknown as Event, config.eventTimeZone),
  order: ['events.inicio', 'desc'],
  deleteConflicts: [
    {
      table: 'participants',
      column: 'event_id',
      message: 'Este evento tem participantes cadastrados e não pode ser removido.',
    },
  ],
  hooks: {
    validate: ({ existing }, values): FieldError[] => {
      const inicio = 'inicio' in values ? values.inicio : existing?.inicio;
      const fim = 'fim' in values ? values.fim : existing?.fim;
      if (typeof inicio !== 'string' || typeof fim !== 'string') return [];
      return new Date(fim) > new Date(inicio)
        ? []
        : [{ name: 'fim', status: 'O fim deve ser depois do início.' }];
    },
  },
});
