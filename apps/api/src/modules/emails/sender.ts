import nodemailer from 'nodemailer';
import type { EmailAttachment } from './attachments.ts';

/** One e-mail to one address; `html` and `attachments` when its sending's kind adds them. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
}

/** What the queue needs from SMTP: one message to one address, and a goodbye. */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
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
    async send({ to, subject, text, html, attachments }) {
      await transport.sendMail({
        from: server.sender,
        to,
        subject,
        text,
        ...(html === undefined ? {} : { html }),
        // A cid makes the part inline (the HTML shows it); without one it is a file.
        ...(attachments ? { attachments: attachments.map((file) => ({ ...file })) } : {}),
      });
    },
    close: () => transport.close(),
  };
}
