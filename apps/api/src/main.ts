import { buildApp } from './app.ts';
import { resealPassKey, resealPspSecrets, resealTotpSecrets } from './auth/totp-key-rotation.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './auth/seed.ts';
import { flushCpfViews } from './modules/audit/index.ts';
import { exitOnFatal, stopOnSignals } from './process-guard.ts';

const config = loadConfig();
const { db, dialect } = openDatabase(config.databaseUrl, {
  poolSize: config.databasePoolSize,
});
const applied = await migrateToLatest(db, dialect, config.totpKey);
const admin = await seed(db, {
  adminUser: config.adminUser,
  adminPassword: config.adminPassword,
  now: config.now(),
});

const app = await buildApp({ config, db });
exitOnFatal(app.log);
app.addHook('onClose', async () => {
  // The audit's queued CPF views (and any a failed write put back), written before the database
  // closes; if even this last try fails, the log says they are lost.
  await flushCpfViews(db).catch((error: unknown) =>
    app.log.error({ err: error }, 'Auditoria: consultas por CPF na fila perdidas na parada'),
  );
  await db.destroy();
});
if (!config.totpKeyConfigured) {
  app.log.warn(
    'BALCAO_TOTP_KEY não definida: os segredos de autenticação em dois fatores e os da conexão PIX com o PSP (client_secret, chave privada, segredo do webhook) e a chave dos ingressos ficam cifrados com a chave de desenvolvimento, que qualquer cópia do código conhece (docs/deploy.md).',
  );
}
if (applied.length > 0) app.log.info({ migrations: applied }, 'Migrações aplicadas');
if (config.totpKeyConfigured) {
  const { resealed, unreadable } = await resealTotpSecrets(
    db,
    config.totpKey,
    config.totpPreviousKeys,
  );
  if (resealed > 0) {
    app.log.info({ resealed }, 'Segredos de dois fatores cifrados de novo com BALCAO_TOTP_KEY');
  }
  if (unreadable.length > 0) {
    app.log.warn(
      { users: unreadable },
      'Segredos de dois fatores que nenhuma chave abre: esses usuários precisam de uma redefinição pelo administrador',
    );
  }
  const psp = await resealPspSecrets(db, config.totpKey, config.totpPreviousKeys);
  if (psp === 'resealed')
    app.log.info('Segredos da conexão PIX cifrados de novo com BALCAO_TOTP_KEY');
  if (psp === 'unreadable') {
    app.log.warn(
      'Segredos da conexão PIX que nenhuma chave abre: salve a conexão de novo em Configuração PIX',
    );
  }
  const pass = await resealPassKey(db, config.totpKey, config.totpPreviousKeys);
  if (pass === 'resealed')
    app.log.info('Chave de assinatura dos ingressos cifrada de novo com BALCAO_TOTP_KEY');
  if (pass === 'unreadable') {
    app.log.warn(
      'Chave de assinatura dos ingressos que nenhuma chave abre: nenhum ingresso pode ser emitido (docs/passes-api.md)',
    );
  }
}
if (admin) {
  // Printed outside the logger so no LOG_LEVEL can hide the only copy of a generated password.
  const secret = admin.generated ? `senha: ${admin.password}` : 'senha: a de BALCAO_ADMIN_PASSWORD';
  console.log(`\nUsuário administrador criado: ${admin.username} / ${secret}\n`);
}

stopOnSignals(app, config.shutdownTimeout);

await app.listen({ port: config.port, host: config.host });
