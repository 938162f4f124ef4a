import { DEFAULT_LAYOUTS } from '@balcao/contract';
import { printable, renderLayoutPages, type PrintableLayout } from './pdf.ts';

/** A 90 x 50 mm label, the usual size of badge label rolls: the default layout's page. */
export const BADGE_SIZE_MM = { width: 90, height: 50 } as const;

export interface BadgeInput {
  participantId: string | number;
  /** The badge name typed at accreditation, at most 15 characters (SPEC.md section 5). */
  usualName: string;
  fullName: string;
  centerName: string | null;
  cityName?: string | null;
  /** '#rrggbb': a colour band that follows the center. */
  centerColor?: string | null;
  eventName: string;
}

/** Crachá: one page of the badge layout (the default one unless the event has its own). */
export function renderBadge(
  input: BadgeInput,
  layout: PrintableLayout = printable(DEFAULT_LAYOUTS.badge),
): Promise<Buffer> {
  return renderLayoutPages(`Crachá ${input.usualName}`, layout, [
    {
      badgeName: input.usualName,
      fullName: input.fullName,
      center: input.centerName,
      city: input.cityName,
      centerColor: input.centerColor,
      event: input.eventName,
      participantId: String(input.participantId),
    },
  ]);
}
