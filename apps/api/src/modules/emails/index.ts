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
  backgroundDrain,
  queueModuleSending,
  retryFailed,
  sendingOfKind,
  withAddress,
  type Drain,
} from './module-sendings.ts';
