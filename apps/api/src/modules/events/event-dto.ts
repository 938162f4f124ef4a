import { toReais, type EventDto } from '@balcao/contract';
import type { Event } from '../../db/tables/events.ts';
import { formatDateTimeInZone, toIsoInstant } from '../../dates.ts';

/** The one place an events row becomes its wire shape. */
export function toEventDto(row: Event, timeZone: string): EventDto {
  return {
    id: row.id,
    name: row.name,
    selected: Boolean(row.selected),
    endereco: row.endereco,
    local: row.local,
    valor: toReais(row.valor_cents),
    inicio: row.inicio === null ? null : formatDateTimeInZone(row.inicio, timeZone),
    fim: row.fim === null ? null : formatDateTimeInZone(row.fim, timeZone),
    linkCourseware: Boolean(row.link_courseware),
    printEnabled: Boolean(row.print_enabled),
    course: row.course_id === null ? null : { id: row.course_id },
    dateCreated: toIsoInstant(row.date_created),
    dateUpdated: toIsoInstant(row.date_updated),
  };
}
