import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { LAYOUT_PAGE_MM, type Layout, type LayoutSheet } from '@balcao/contract';
import { NumberField } from './form-controls';
import { SheetOverview } from './sheet-overview';
import { defaultSheet, SHEET_MAX_COUNT, sheetRefusal } from './sheets';

interface SheetFieldProps {
  /** One label's size ('Tamanho da página'). */
  page: Layout['page'];
  sheet: LayoutSheet | undefined;
  /** Undefined: each label on its own page. `group`: the keys typed in one field are one step. */
  onChange(sheet: LayoutSheet | undefined, group?: string): void;
}

interface SheetInput {
  key: keyof LayoutSheet;
  label: string;
  min: number;
  max: number;
  integer?: boolean;
}

const { min: SHEET_MIN, max: SHEET_MAX } = LAYOUT_PAGE_MM;

const INPUTS: readonly SheetInput[] = [
  { key: 'widthMm', label: 'Largura da folha (mm)', min: SHEET_MIN, max: SHEET_MAX },
  { key: 'heightMm', label: 'Altura da folha (mm)', min: SHEET_MIN, max: SHEET_MAX },
  { key: 'columns', label: 'Colunas por folha', min: 1, max: SHEET_MAX_COUNT, integer: true },
  { key: 'rows', label: 'Linhas por folha', min: 1, max: SHEET_MAX_COUNT, integer: true },
  { key: 'marginLeftMm', label: 'Margem esquerda (mm)', min: 0, max: SHEET_MAX },
  { key: 'marginTopMm', label: 'Margem superior (mm)', min: 0, max: SHEET_MAX },
  { key: 'pitchXMm', label: 'Passo horizontal (mm)', min: 0, max: SHEET_MAX },
  { key: 'pitchYMm', label: 'Passo vertical (mm)', min: 0, max: SHEET_MAX },
];

const CHECK_ID = 'layout-sheet-on';
const HELP_ID = 'layout-sheet-help';
const REFUSAL_ID = 'layout-sheet-refusal';

/**
 * 'Folha': off, each label prints on its own page; 'Várias por folha' places them on a sheet
 * (an A4 as many as fit, to begin with), whose sides, counts, margins and pitches are edited here
 * and shown in a small overview. Its faults are layoutProblems', shown with the others.
 */
export function SheetField({ page, sheet, onChange }: SheetFieldProps) {
  /** The label size 'Várias por folha' was refused for: the refusal shows while it is the size. */
  const [refusedFor, setRefusedFor] = useState<Layout['page'] | null>(null);
  const refused =
    sheet === undefined &&
    refusedFor !== null &&
    refusedFor.widthMm === page.widthMm &&
    refusedFor.heightMm === page.heightMm;

  const toggle = (on: boolean) => {
    if (!on) {
      onChange(undefined);
      return;
    }
    const proposed = defaultSheet(page);
    setRefusedFor(proposed ? null : page);
    if (proposed) onChange(proposed);
  };

  return (
    <fieldset className="mb-3">
      <legend className="small fw-semibold mb-1">Folha</legend>
      <Form.Check
        id={CHECK_ID}
        type="checkbox"
        label="Várias por folha"
        checked={sheet !== undefined}
        aria-describedby={`${HELP_ID}${refused ? ` ${REFUSAL_ID}` : ''}`}
        onChange={(event) => toggle(event.target.checked)}
      />
      <div role="status" id={REFUSAL_ID} className="small text-danger">
        {refused ? sheetRefusal(page) : null}
      </div>
      <Form.Text id={HELP_ID} className="d-block small mb-2">
        {sheet
          ? 'O passo é a distância do início de uma etiqueta ao da seguinte (a etiqueta mais o espaço entre elas). A pré-visualização mostra uma etiqueta.'
          : 'Desligado, cada etiqueta sai em uma página própria.'}
      </Form.Text>
      {sheet && (
        <div className="d-flex flex-wrap gap-3 align-items-start">
          <div
            className="d-grid column-gap-2 flex-grow-1"
            style={{
              gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
              maxWidth: '44rem',
            }}
          >
            {INPUTS.map((input) => (
              <NumberField
                key={input.key}
                id={`layout-sheet-${input.key}`}
                label={input.label}
                value={sheet[input.key]}
                min={input.min}
                max={input.max}
                integer={input.integer}
                onChange={(value) => {
                  if (value !== undefined && value !== sheet[input.key]) {
                    onChange({ ...sheet, [input.key]: value }, `sheet-${input.key}`);
                  }
                }}
              />
            ))}
          </div>
          <SheetOverview sheet={sheet} page={page} />
        </div>
      )}
    </fieldset>
  );
}
