import { DEFAULT_LAYOUTS, badgeLayoutValues, type BadgeFacts } from '@balcao/contract';
import { printable, renderLayoutPages, type PrintableLayout } from './pdf.ts';

/** A 90 x 50 mm label, the usual size of badge label rolls: the default layout's page. */
export const BADGE_SIZE_MM = { width: 90, height: 50 } as const;

/** What the badge shows (the contract's, shared with the offline desk's print). */
export type BadgeInput = BadgeFacts;

/** Crachá: one page of the badge layout (the default one unless the event has its own). */
export function renderBadge(
  input: BadgeInput,
  layout: PrintableLayout = printable(DEFAULT_LAYOUTS.badge),
): Promise<Buffer> {
  return renderLayoutPages(`Crachá ${input.usualName}`, layout, [badgeLayoutValues(input)]);
}
