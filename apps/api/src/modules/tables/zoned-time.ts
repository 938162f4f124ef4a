const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockMillis(utcMillis: number, timeZone: string): number {
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
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(utcMillis)).map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const YMD = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads a wall-clock time of the zone, 'DD/MM/YYYY HH:mm' (SPEC.md section 3) or the pickers'
 * 'YYYY-MM-DD HH:mm' (section 9), or an ISO instant with its offset, into an ISO UTC instant.
 * Null when unreadable or not a real calendar time.
 */
export function parseWallClock(text: string, timeZone: string): string | null {
  const trimmed = text.trim();
  if (ISO_INSTANT.test(trimmed)) {
    const instant = new Date(trimmed);
    return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
  }
  const dmy = DMY.exec(trimmed);
  const ymd = dmy ? null : YMD.exec(trimmed);
  const [year, month, day] = dmy
    ? [dmy[3], dmy[2], dmy[1]].map(Number)
    : ymd
      ? [ymd[1], ymd[2], ymd[3]].map(Number)
      : [];
  const match = dmy ?? ymd;
  if (!match || year === undefined || month === undefined || day === undefined) return null;
  const [hour, minute, second] = [match[4], match[5], match[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  // The zone's offset at the guessed instant, refined once for times near a DST change.
  let utc = asUtc - (wallClockMillis(asUtc, timeZone) - asUtc);
  utc = asUtc - (wallClockMillis(utc, timeZone) - utc);
  return new Date(utc).toISOString();
}
