// `npm run backup`: a dated copy of DATABASE_URL's database in BACKUP_DIR (default backups/),
// safe while the server is serving. Restoring: README, 'Cópia de segurança'.
import { loadConfig } from './config.ts';
import { backupPostgres, backupSqlite, type Backup } from './db/backup.ts';

const config = loadConfig();
const url = config.databaseUrl;
const now = new Date();

try {
  let backup: Backup;
  if (url.startsWith('sqlite:')) {
    backup = await backupSqlite(url.slice('sqlite:'.length), config.backupDir, now);
  } else {
    backup = backupPostgres(url, config.backupDir, now);
  }
  const size = (backup.bytes / 1_048_576).toLocaleString('pt-BR', {
    maximumFractionDigits: backup.bytes < 1_048_576 ? 3 : 1,
  });
  console.log(`Cópia de segurança gravada: ${backup.file} (${size} MB, ${backup.bytes} bytes)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
