import {
  eventInstantOf,
  formatDateTime,
  formatEventDateTime,
  formatTime,
  setDisplayTimeZone,
} from './formats';

describe('dates and times on screen', () => {
  afterEach(() => setDisplayTimeZone('UTC'));

  it("show an instant in the event's zone, whatever the browser's", () => {
    setDisplayTimeZone('America/Sao_Paulo');
    expect(formatDateTime('2026-11-23T21:50:07.000Z')).toBe('23/11/2026 18:50:07');
    expect(formatDateTime('2026-11-24T01:10:00Z')).toBe('23/11/2026 22:10:00');
    expect(formatTime('2026-11-23T21:50:07.000Z')).toBe('18:50');
    expect(formatTime(new Date('2026-11-23T21:50:07.000Z'), true)).toBe('18:50:07');
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDateTime('2026-11-23T21:50:07.000Z')).toBe('24/11/2026 06:50:07');
  });

  it("read and show a date-time field on the event's wall clock", () => {
    setDisplayTimeZone('America/Sao_Paulo');
    expect(eventInstantOf('23/11/2026 18:50')).toBe('2026-11-23T21:50:00.000Z');
    expect(formatEventDateTime('2026-11-23T21:50:00.000Z')).toBe('23/11/2026 18:50');
    expect(eventInstantOf('31/02/2026 10:00')).toBeNull();
  });

  it('keep a calendar date and text that is no instant as they came', () => {
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDateTime('2026-11-23')).toBe('23/11/2026 00:00:00');
    expect(formatDateTime('23/11/2026 10:00')).toBe('23/11/2026 10:00');
  });
});
