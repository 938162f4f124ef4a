import SqliteDatabase from 'better-sqlite3';

/**
 * SQLite's own check of a database file, read from a connection of its own (read-only): 'ok', or
 * what is broken (pages, indexes, or rows whose foreign key points nowhere).
 */
export function sqliteIntegrity(file: string): string {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const pages = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    const orphans = db.pragma('foreign_key_check') as unknown[];
    const report = pages.map((row) => row.integrity_check);
    if (orphans.length > 0) report.push(`${orphans.length} chaves estrangeiras órfãs`);
    return report.join('\n');
  } finally {
    db.close();
  }
}
