import {
  BADGE_NAME_MAX,
  EMAIL_INVALID_MESSAGE,
  PARTICIPANT_STATUSES,
  PHONE_INVALID_MESSAGE,
  isValidEmail,
  isValidPhone,
  type FieldError,
  type ParticipantDto,
} from '@balcao/contract';
import { conflict } from '../../../http/api-error.ts';
import {
  participantQuery,
  type ParticipantRecord,
  participantTotals,
  toParticipantDto,
} from '../../participants/index.ts';
import { defineResource } from '../resource.ts';

/** 'Gerenciar Participantes': the participants of one event, paged on the server. */
export const participants = defineResource<ParticipantDto>({
  path: '/events/:eventId/participants',
  table: 'participants',
  parent: {
    param: 'eventId',
    column: 'event_id',
    table: 'events',
    notFound: 'Evento não encontrado.',
  },
  notFound: 'Participante não encontrado.',
  // The accreditation desk's limited, read-only list reads it too.
  access: { list: ['Participant', 'Subscription'], write: ['Participant'] },
  fields: {
    cpf: {
      type: 'cpf',
      label: 'o CPF',
      column: 'cpf',
      required: true,
      unique: {
        message: 'Já existe um participante com este CPF neste evento.',
        scope: ['event_id'],
      },
    },
    name: { type: 'text', label: 'o nome', column: 'name', required: true },
    usualName: {
      type: 'text',
      label: 'o nome do crachá',
      column: 'usual_name',
      maxLength: BADGE_NAME_MAX,
    },
    email: { type: 'text', label: 'o e-mail', column: 'email' },
    telefone: { type: 'text', label: 'o telefone', column: 'telefone', maxLength: 64 },
    pacote: { type: 'text', label: 'o pacote', column: 'pacote' },
    consultor: { type: 'text', label: 'o consultor', column: 'consultor' },
    status: {
      type: 'choice',
      label: 'a situação',
      column: 'status',
      required: true,
      values: PARTICIPANT_STATUSES,
    },
    statusOriginal: { type: 'readOnly', label: 'a situação importada' },
    center: {
      type: 'reference',
      label: 'o núcleo',
      column: 'center_id',
      target: { table: 'centers', notFound: 'Núcleo não encontrado.' },
    },
    business: { type: 'text', label: 'o business', column: 'business' },
    // Changed only by the accreditation desk (badge print, courseware link and exchange).
    badge: { type: 'readOnly', label: 'o crachá' },
    badgePrintCount: { type: 'readOnly', label: 'as impressões do crachá' },
    coursewareId: { type: 'readOnly', label: 'a apostila' },
  },
  query: participantQuery,
  toRow: (raw) => toParticipantDto(raw as unknown as ParticipantRecord),
  order: ['participants.name', 'asc'],
  paging: {
    search: ['participants.cpf', 'participants.name', 'participants.email'],
    sort: {
      id: 'participants.id',
      cpf: 'participants.cpf',
      name: 'participants.name',
      usualName: 'participants.usual_name',
      email: 'participants.email',
      pacote: 'participants.pacote',
      status: 'participants.status',
      center: 'centers.name',
      badge: 'participants.badge',
      badgePrintCount: 'participants.badge_print_count',
      coursewareId: 'participants.courseware_id',
      dateCreated: 'participants.date_created',
      dateUpdated: 'participants.date_updated',
    },
  },
  totals: {
    names: ['confirmed', 'badgePrints'],
    load: (db, eventId) => participantTotals(db, eventId ?? 0),
  },
  hooks: {
    validate: (_context, values): FieldError[] => {
      const errors: FieldError[] = [];
      const { email, telefone } = values;
      if (typeof email === 'string' && !isValidEmail(email)) {
        errors.push({ name: 'email', status: EMAIL_INVALID_MESSAGE });
      }
      if (typeof telefone === 'string' && !isValidPhone(telefone)) {
        errors.push({ name: 'telefone', status: PHONE_INVALID_MESSAGE });
      }
      return errors;
    },
    beforeDelete: ({ existing }) => {
      // Its courseware would be left 'Associado' to nobody; check-ins go with the participant.
      if (existing?.courseware_id) {
        throw conflict('Este participante tem uma apostila vinculada e não pode ser removido.');
      }
    },
  },
});
