import { useState } from 'react';
import { LAYOUT_PAGE_MM, type Layout } from '@balcao/contract';
import { NumberField, SelectField } from './form-controls';
import { CUSTOM_PAGE_SIZE, PAGE_SIZE_PRESETS, pageSizeKey } from './page-sizes';

interface PageSizeFieldProps {
  page: Layout['page'];
  /** `group`: the keys typed in one side are one undo step. */
  onChange(page: Layout['page'], group?: string): void;
}

/** 'Tamanho da página': a label, card or sheet size, or 'Personalizado' with its own sides. */
export function PageSizeField({ page, onChange }: PageSizeFieldProps) {
  const [customChosen, setCustomChosen] = useState(false);
  const key = customChosen ? CUSTOM_PAGE_SIZE : pageSizeKey(page);
  const { min, max } = LAYOUT_PAGE_MM;
  return (
    <div className="d-flex flex-wrap gap-2 align-items-start">
      <SelectField
        id="layout-page-size"
        label="Tamanho da página"
        value={key}
        className="mb-0"
        options={[
          ...PAGE_SIZE_PRESETS.map((preset) => ({ value: preset.key, label: preset.label })),
          { value: CUSTOM_PAGE_SIZE, label: 'Personalizado' },
        ]}
        onChange={(value) => {
          const preset = PAGE_SIZE_PRESETS.find((candidate) => candidate.key === value);
          setCustomChosen(!preset);
          if (preset) onChange({ widthMm: preset.widthMm, heightMm: preset.heightMm });
        }}
      />
      {key === CUSTOM_PAGE_SIZE && (
        <>
          <NumberField
            id="layout-page-width"
            label="Largura da página (mm)"
            value={page.widthMm}
            min={min}
            max={max}
            className="mb-0"
            onChange={(widthMm) => widthMm && onChange({ ...page, widthMm }, 'page-width')}
          />
          <NumberField
            id="layout-page-height"
            label="Altura da página (mm)"
            value={page.heightMm}
            min={min}
            max={max}
            className="mb-0"
            onChange={(heightMm) => heightMm && onChange({ ...page, heightMm }, 'page-height')}
          />
        </>
      )}
    </div>
  );
}
