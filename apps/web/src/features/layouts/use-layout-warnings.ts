import { useMemo } from 'react';
import {
  LAYOUT_FIELDS,
  unprintableMessage,
  unprintableTexts,
  type Layout,
  type LayoutDocument,
  type LayoutImageDto,
  type LayoutValues,
} from '@balcao/contract';

/**
 * What the editor warns of before printing: images this event does not have (an imported layout,
 * or one from another event: each shows as a grey box and the server refuses to save it until they
 * are sent), and sample text in a script the font lacks.
 */
export function useLayoutWarnings(
  layout: Layout,
  images: Record<string, LayoutImageDto>,
  values: LayoutValues,
  document: LayoutDocument,
) {
  const missingImages = useMemo(
    () => [
      ...(layout.background && !images[layout.background.imageId]
        ? ['O fundo não está neste evento: envie-o de novo.']
        : []),
      ...layout.elements.flatMap((element, index) =>
        element.kind === 'image' && !images[element.imageId]
          ? [`A imagem do elemento ${index + 1} não está neste evento: envie-a de novo.`]
          : [],
      ),
    ],
    [layout, images],
  );
  const unprintable = useMemo(
    () => unprintableTexts(values, LAYOUT_FIELDS[document]).map(unprintableMessage),
    [values, document],
  );
  return { missingImages, unprintable };
}
