import nodemailer from 'nodemailer';

/** What the queue needs from SMTP: one message to one address, and a goodbye. */
export interface MailSender {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

export interface SmtpServer {
  host: string;
  port: number;
  user: string;
  password: string;
  sender: string;
}

/**
 * A nodemailer transport on the saved SMTP server: TLS from the start on 465, STARTTLS when the
 * server offers it elsewhere; credentials only when a user is set. Short timeouts: a stuck server
 * fails its recipients rather than holding the queue for minutes.
 */
export function smtpSender(server: SmtpServer): MailSender {
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.port === 465,
    ...(server.user ? { auth: { user: server.user, pass: server.password } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from: server.sender, to, subject, text });
    },
    close: () => transport.close(),
  };
}
