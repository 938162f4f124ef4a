/** What other modules use of emails: they import it from here, never from its files (lint). */
export { registerAttachments } from './attachments.ts';
export type {
  AttachmentBuilder,
  AttachmentRecipient,
  EmailAttachment,
  RecipientExtras,
} from './attachments.ts';
export { BatchSchema } from './schemas.ts';
export {
  drainBatch,
  emailBatch,
  isEmailAddress,
  queueSending,
  requeueFailed,
  type Sending,
} from './service.ts';
export { smtpSender } from './sender.ts';
