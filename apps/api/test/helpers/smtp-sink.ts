import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../src/db/types.ts';

/** A message the sink received: its first recipient and the raw message as sent. */
export interface ReceivedMail {
  to: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** Every message received, in order. */
  received: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** The one login the sink accepts; without it, no login is asked. */
  login?: { username: string; password: string };
  /** Refuses a recipient as a full mailbox does (550) while this says so. */
  refuses?: (address: string) => boolean;
}

/** A local SMTP server a test starts on a free port: nothing leaves the machine. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const { login, refuses } = options;
  const server = new SMTPServer({
    authOptional: login === undefined,
    allowInsecureAuth: true,
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.username && auth.password === login.password)
        callback(null, { user: auth.username });
      else callback(new Error('Credenciais inválidas'));
    },
    onRcptTo(address, _session, callback) {
      if (refuses?.(address.address)) {
        callback(Object.assign(new Error('Caixa postal inexistente'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo[0]!.address, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** Points the app's SMTP settings at the sink, as 'Enviar e-mails' would save them. */
export async function sendThroughSink(
  db: Kysely<Database>,
  sink: SmtpSink,
  userId: number,
): Promise<void> {
  await db
    .insertInto('smtp_settings')
    .values({
      id: 1,
      host: '127.0.0.1',
      port: sink.port,
      username: '',
      password: '',
      sender: 'Eventos <eventos@exemplo.com.br>',
      updated_by: userId,
      updated_at: new Date().toISOString(),
    })
    .execute();
}
