const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instant: string | Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
}

/** An instant as the wall clock of the zone shows it: 'DD/MM/YYYY HH:mm' (SPEC.md section 3). */
export function formatDateTimeInZone(instant: string | Date, timeZone: string): string {
  const parts = wallClock(instant, timeZone);
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** 'DD/MM/YYYY HH:mm:ss' in the zone (SPEC.md section 9, datetime). */
export function formatDateTimeSecondsInZone(instant: string | Date, timeZone: string): string {
  const parts = wallClock(instant, timeZone);
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** 'DD/MM/YYYY' in the zone (SPEC.md section 9, date). */
export function formatDateInZone(instant: string | Date, timeZone: string): string {
  const parts = wallClock(instant, timeZone);
  return `${parts.day}/${parts.month}/${parts.year}`;
}

/** Stored instants back out as ISO-8601 UTC, whatever text form the database kept. */
export function toIsoInstant(instant: string | Date): string {
  return new Date(instant).toISOString();
}
