#!/usr/bin/env node
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runAgent } from './agent.js';
import { createLogger } from './log.js';
import { JOB_TIMEOUT_MS } from './output.js';
import { stopWithNpm } from './stop-with-npm.js';

const USAGE = `Uso: balcao-print-agent --server URL --token TOKEN (--printer FILA | --out PASTA) [opções]

  --server URL        endereço do Balcão, por exemplo https://balcao.exemplo.com.br
  --token TOKEN       apiToken da impressora (cadastro Impressoras); ou a variável
                      BALCAO_PRINT_TOKEN, que não aparece na lista de processos
  --printer FILA      fila do CUPS em que imprimir (lpstat -p lista as filas)
  --out PASTA         em vez de imprimir, grava cada trabalho como {id}-{tipo}.pdf na pasta
  --interval MS       intervalo entre consultas com a fila vazia (padrão 1000)
  --lp-command CMD    comando de impressão (padrão lp)
  --job-timeout S     segundos que o CUPS tem para concluir um trabalho antes que o agente o
                      cancele e o informe como falho (padrão 120)
  -h, --help          mostra esta ajuda`;

/**
 * @param {string} message
 * @returns {never}
 */
function usageError(message) {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

/** @returns {import('./agent.js').AgentOptions['destination']} */
function destinationFrom(
  /** @type {{ printer?: string, out?: string, 'lp-command'?: string, 'job-timeout'?: string }} */ values,
) {
  if (values.printer && values.out) usageError('Use --printer ou --out, não os dois.');
  if (values.printer) {
    const seconds =
      values['job-timeout'] === undefined ? JOB_TIMEOUT_MS / 1000 : Number(values['job-timeout']);
    if (!Number.isInteger(seconds) || seconds < 1) {
      usageError('--job-timeout deve ser um número inteiro de segundos, de 1 para cima.');
    }
    return {
      type: 'printer',
      queue: values.printer,
      lpCommand: values['lp-command'] ?? 'lp',
      jobTimeoutMs: seconds * 1000,
    };
  }
  if (values.out) return { type: 'folder', dir: resolve(values.out) };
  return usageError('Informe --printer FILA ou --out PASTA.');
}

const options = /** @type {const} */ ({
  server: { type: 'string' },
  token: { type: 'string' },
  printer: { type: 'string' },
  out: { type: 'string' },
  interval: { type: 'string' },
  'lp-command': { type: 'string' },
  'job-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
});

/** @returns {ReturnType<typeof parseArgs<{ options: typeof options }>>['values']} */
function readArgs() {
  try {
    return parseArgs({ options }).values;
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
}

const values = readArgs();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const server = values.server ?? '';
const token = values.token ?? process.env.BALCAO_PRINT_TOKEN;
if (!/^https?:\/\/./.test(server)) usageError('Informe --server com o endereço http(s) do Balcão.');
if (!token) usageError('Informe --token ou a variável BALCAO_PRINT_TOKEN.');
const intervalMs = values.interval === undefined ? 1000 : Number(values.interval);
if (!Number.isInteger(intervalMs) || intervalMs < 100) {
  usageError('--interval deve ser um número inteiro de milissegundos, de 100 para cima.');
}

const log = createLogger();
const stop = new AbortController();
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (stop.signal.aborted) {
      log.warn(`${signal} de novo: encerrando sem esperar.`);
      process.exit(1);
    }
    log.info(`${signal} recebido: encerrando depois do trabalho em andamento.`);
    stop.abort();
  });
}
stopWithNpm();

try {
  await runAgent({
    server,
    token,
    destination: destinationFrom(values),
    intervalMs,
    signal: stop.signal,
    log,
  });
} catch (error) {
  log.error(`Agente parou por um erro: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
