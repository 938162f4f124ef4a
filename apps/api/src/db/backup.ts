import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/**
 * `npm run backup` (README, 'Cópia de segurança'): a dated copy of the configured database, safe
 * while the server is serving.
 */

export interface Backup {
  file: string;
  bytes: number;
}

/** `balcao-2026-11-23T20-15-00.db` (UTC), with `-2`, `-3`... when that name is taken. */
export function backupPath(folder: string, now: Date, extension: string): string {
  const stamp = now.toISOString().slice(0, 19).replaceAll(':', '-');
  for (let copy = 1; ; copy++) {
    const file = path.join(folder, `balcao-${stamp}${copy === 1 ? '' : `-${copy}`}.${extension}`);
    if (!existsSync(file)) return file;
  }
}

/**
 * SQLite's online backup API (better-sqlite3's `backup`), all pages in one step: the step reads one
 * consistent snapshot (every transaction committed before it, none after), and in WAL mode it
 * does not hold the server's writers back. The copy is checked with `PRAGMA integrity_check`.
 */
export async function backupSqlite(source: string, folder: string, now: Date): Promise<Backup> {
  if (!existsSync(source)) throw new Error(`Banco SQLite não encontrado: ${source}`);
  mkdirSync(folder, { recursive: true });
  const file = backupPath(folder, now, 'db');
  const database = new SqliteDatabase(source, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    await database.backup(file, { progress: () => 0x7fffffff });
  } finally {
    database.close();
  }
  const copy = new SqliteDatabase(file, { readonly: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`A cópia ${file} falhou no integrity_check: ${check}`);
  } finally {
    copy.close();
  }
  return { file, bytes: statSync(file).size };
}

/** pg_dump's arguments for a custom-format dump (restored with pg_restore). */
export function pgDumpArgs(url: string, file: string): string[] {
  return ['--format=custom', `--file=${file}`, `--dbname=${url}`];
}

/** The URL with its password hidden, for printing. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** PostgreSQL: runs pg_dump (from the PATH) into the backup folder. */
export function backupPostgres(url: string, folder: string, now: Date): Backup {
  mkdirSync(folder, { recursive: true });
  const file = backupPath(folder, now, 'dump');
  const args = pgDumpArgs(url, file);
  const run = spawnSync('pg_dump', args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.error || run.status !== 0) {
    const line = ['pg_dump', ...pgDumpArgs(withoutPassword(url), file)].join(' ');
    const why = run.error ? `pg_dump não encontrado (${run.error.message})` : 'pg_dump falhou';
    throw new Error(`${why}. Rode à mão, com o cliente do PostgreSQL instalado:\n  ${line}`);
  }
  return { file, bytes: statSync(file).size };
}
