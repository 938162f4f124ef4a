import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/**
 * What a module adds to each e-mail of its own kind of sending, made at send time (issue #43): a
 * sending's `kind` names the builder. Modules above emails register theirs at their plugin's start
 * (`registerAttachments`), so emails imports none of them (the pattern of orders' order-events).
 */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Set for an image the HTML shows inline (`<img src="cid:…">`); left out for a file. */
  cid?: string;
}

export interface RecipientExtras {
  /** An HTML part beside the text (the inline images' place); none for text only. */
  html?: string;
  attachments: EmailAttachment[];
}

/** Who the e-mail goes to, as the builder needs them. */
export interface AttachmentRecipient {
  eventId: number;
  participantId: number | null;
  name: string;
}

export type AttachmentBuilder = (
  db: Kysely<Database>,
  recipient: AttachmentRecipient,
) => Promise<RecipientExtras>;

/** The kind of the plain sendings of 'Enviar e-mails': nothing attached. */
export const MESSAGE_KIND = 'message';

const builders = new Map<string, AttachmentBuilder>();

/** Registers (or replaces: a second app in one process, the tests) the builder of a kind. */
export function registerAttachments(kind: string, builder: AttachmentBuilder): void {
  builders.set(kind, builder);
}

/** The builder of a kind; none for a plain message. */
export const attachmentsFor = (kind: string): AttachmentBuilder | undefined => builders.get(kind);
