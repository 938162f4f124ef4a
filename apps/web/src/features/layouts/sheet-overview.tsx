import { mmToPt, sheetSlots, type Layout, type LayoutSheet } from '@balcao/contract';
import { sheetDescription } from './sheets';

/** How high the overview shows, in CSS pixels. */
const HEIGHT_PX = 200;
/** Room around the sheet for its outline, in points. */
const PAD_PT = 4;
/** What a slot may pass the sheet by before it shows as passing it (floating-point dust). */
const SLACK_PT = mmToPt(0.01);
/** Slots are numbered (the print order) while the numbers stay this legible. */
const MIN_NUMBER_PX = 7;

interface SheetOverviewProps {
  sheet: LayoutSheet;
  /** One label's size. */
  page: Layout['page'];
}

/**
 * The sheet at a glance: its outline and each label where the engine's `sheetSlots` places it,
 * numbered in print order; a label passing the sheet's edges shows in red.
 */
export function SheetOverview({ sheet, page }: SheetOverviewProps) {
  const width = mmToPt(sheet.widthMm);
  const height = mmToPt(sheet.heightMm);
  const labelWidth = mmToPt(page.widthMm);
  const labelHeight = mmToPt(page.heightMm);
  const slots = sheetSlots(sheet);
  const scale = HEIGHT_PX / (height + 2 * PAD_PT);
  const numberPt = Math.min(labelHeight * 0.5, labelWidth * 0.3, 48);
  const numbered = numberPt * scale >= MIN_NUMBER_PX;
  return (
    <svg
      role="img"
      aria-label={sheetDescription(sheet)}
      viewBox={`${-PAD_PT} ${-PAD_PT} ${width + 2 * PAD_PT} ${height + 2 * PAD_PT}`}
      className="layout-sheet-overview d-block flex-shrink-0"
      style={{ height: HEIGHT_PX, width: 'auto', maxWidth: '100%' }}
    >
      <rect width={width} height={height} fill="white" stroke="#6c757d" strokeWidth={2} />
      {slots.map((slot, index) => {
        const passes =
          slot.x + labelWidth > width + SLACK_PT || slot.y + labelHeight > height + SLACK_PT;
        return (
          <g key={index} data-slot={index + 1}>
            <rect
              x={slot.x}
              y={slot.y}
              width={labelWidth}
              height={labelHeight}
              fill={passes ? '#f8d7da' : '#cfe2ff'}
              fillOpacity={0.8}
              stroke={passes ? '#dc3545' : '#0d6efd'}
              strokeWidth={1.5}
            />
            {numbered && (
              <text
                x={slot.x + labelWidth / 2}
                y={slot.y + labelHeight / 2}
                fontSize={numberPt}
                textAnchor="middle"
                dominantBaseline="central"
                fill="#495057"
                fontFamily="Helvetica, Arial, sans-serif"
              >
                {index + 1}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
