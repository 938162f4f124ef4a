import type { ColumnType, Generated } from 'kysely';
import type { Instant, BoolWithDefault, Dated } from './columns.ts';

/** Participants, coursewares and check-ins (participants, accreditation, courseware, attendance). */

export interface CoursewareTable extends Dated {
  /** The 36-character UUID printed on the label. */
  id: string;
  course_id: number;
  center_id: number;
  serial: number;
  prints: ColumnType<number, number | undefined, number>;
  status: 'ISSUED' | 'PRINTED' | 'ASSOCIATED' | 'RETURNED' | 'EXCHANGED' | 'CANCELED';
}

export interface ParticipantTable extends Dated {
  id: Generated<number>;
  event_id: number;
  /** 11 digits, unique within the event. */
  cpf: string;
  name: string;
  usual_name: string | null;
  email: string | null;
  telefone: string | null;
  pacote: string | null;
  consultor: string | null;
  status: 'OK' | 'PAYMENT_ERROR' | 'FREE' | 'BONUS' | 'MONITOR' | 'STAFF' | 'SUPPLIER';
  status_original: string | null;
  center_id: number | null;
  business: string | null;
  badge: BoolWithDefault;
  badge_print_count: ColumnType<number, number | undefined, number>;
  /** The courseware the participant holds now; unique while set. */
  courseware_id: string | null;
  /** When 'Anonimizar participante' replaced the personal data; null for everyone else. */
  anonymized_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>;
  /** The version the participant's current pass carries; 'Reemitir ingresso' raises it (passes). */
  pass_version: ColumnType<number, number | undefined, number>;
}

/** One row per badge print: who was accredited, when, by whom, at which desk. */
export interface CheckInTable {
  id: Generated<number>;
  participant_id: number;
  event_id: number;
  user_id: number;
  desk: string;
  created_at: Instant;
}
