/**
 * The CSV both sides write (DESIGN.md): ';' between fields, CRLF after each line, a UTF-8 BOM
 * before the file (added by whoever writes the file).
 */

/**
 * One field: a text starting with = + - @ (or a tab/CR) gets a leading apostrophe so a
 * spreadsheet shows it instead of running it as a formula; quotes, ';' and line breaks are quoted.
 * A number (`isText` false) is never prefixed: '-12,50' stays a number.
 */
export function csvField(text: string, isText = true): string {
  const safe = isText && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of (already escaped) fields. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.join(';')}\r\n`;
}
