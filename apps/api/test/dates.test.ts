import { describe, expect, it } from 'vitest';
import { formatDateTimeSecondsInZone, parseWallClock } from '../src/dates.ts';

/** What Intl itself writes for the instant in the zone: the reference of the quarter-hour offsets. */
function byIntl(timeZone: string): (millis: number) => string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (millis) => {
    const parts = Object.fromEntries(
      format.formatToParts(new Date(millis)).map((part) => [part.type, part.value]),
    );
    return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}

describe('an instant on the wall clock of a zone', () => {
  // Zones with daylight saving (São Paulo until 2019, New York), a half-hour shift (Lord Howe)
  // and a quarter-hour offset (Kathmandu), around their changes and across whole years.
  const zones = [
    'America/Sao_Paulo',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'UTC',
  ];

  it.each(zones)(
    'matches Intl every 14 minutes 13 seconds from July 2018 to July 2019 in %s',
    (zone) => {
      const reference = byIntl(zone);
      const wrong: string[] = [];
      const step = (14 * 60 + 13) * 1000 + 17; // lands on every quarter hour, at varying seconds
      for (let millis = Date.UTC(2018, 6, 1); millis < Date.UTC(2019, 6, 1); millis += step) {
        const shown = formatDateTimeSecondsInZone(new Date(millis), zone);
        if (shown !== reference(millis)) wrong.push(`${new Date(millis).toISOString()}: ${shown}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('changes at the exact second a daylight-saving change happens', () => {
    // New York, 10 Mar 2024: 01:59:59 EST is followed by 03:00:00 EDT (07:00:00 UTC).
    expect(formatDateTimeSecondsInZone('2024-03-10T06:59:59.999Z', 'America/New_York')).toBe(
      '10/03/2024 01:59:59',
    );
    expect(formatDateTimeSecondsInZone('2024-03-10T07:00:00.000Z', 'America/New_York')).toBe(
      '10/03/2024 03:00:00',
    );
  });

  it('reads back what it wrote', () => {
    const instant = '2026-11-21T13:30:05.000Z';
    const shown = formatDateTimeSecondsInZone(instant, 'America/Sao_Paulo');
    expect(shown).toBe('21/11/2026 10:30:05');
    expect(parseWallClock(shown, 'America/Sao_Paulo')).toBe(instant);
  });

  it('refuses an instant that is not one', () => {
    expect(() => formatDateTimeSecondsInZone('amanhã', 'America/Sao_Paulo')).toThrow(RangeError);
  });
});
