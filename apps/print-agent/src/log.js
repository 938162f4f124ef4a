/**
 * @typedef {object} Logger
 * @property {(message: string) => void} info
 * @property {(message: string) => void} warn
 * @property {(message: string) => void} error
 */

/**
 * One line per event, in Portuguese, with an ISO timestamp (journald adds its own, but a plain
 * terminal or a redirected file does not).
 * @param {NodeJS.WritableStream} out
 * @param {NodeJS.WritableStream} err
 * @returns {Logger}
 */
export function createLogger(out = process.stdout, err = process.stderr) {
  /** @param {NodeJS.WritableStream} stream @param {string} level @param {string} message */
  const write = (stream, level, message) =>
    stream.write(`${new Date().toISOString()} ${level} ${message}\n`);
  return {
    info: (message) => write(out, 'INFO', message),
    warn: (message) => write(err, 'AVISO', message),
    error: (message) => write(err, 'ERRO', message),
  };
}
