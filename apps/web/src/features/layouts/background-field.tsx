import Button from 'react-bootstrap/Button';
import type { Layout, LayoutImageDto } from '@balcao/contract';
import { ImageFileButton } from './image-file-button';
import { BACKGROUND_ACCEPT, imageNote } from './layout-image';

interface BackgroundFieldProps {
  background: Layout['background'];
  /** The images the editor has, by id (the background's type and size). */
  images: Readonly<Record<string, LayoutImageDto>>;
  /** An image or PDF is being read or sent. */
  uploading: boolean;
  /** 'Escolher fundo' / 'Trocar fundo': a PNG, JPEG, SVG or PDF chosen to upload. */
  onFile(file: File): void;
  onRemove(): void;
}

const HELP_ID = 'layout-background-help';

/**
 * 'Fundo': an image or a PDF's first page under every element, over the whole page (each label of
 * a sheet), fitted and centred as images are.
 */
export function BackgroundField({
  background,
  images,
  uploading,
  onFile,
  onRemove,
}: BackgroundFieldProps) {
  const image = background && images[background.imageId];
  return (
    <fieldset className="mb-3" aria-describedby={HELP_ID}>
      <legend className="small fw-semibold mb-1">Fundo</legend>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <span className="small">
          {!background
            ? 'Sem fundo.'
            : image
              ? imageNote(image)
              : 'O fundo não está neste evento: envie-o de novo.'}
        </span>
        <ImageFileButton
          inputLabel="Fundo (PNG, JPEG, SVG ou PDF)"
          accept={BACKGROUND_ACCEPT}
          busy={uploading}
          onFile={onFile}
        >
          {background ? 'Trocar fundo' : 'Escolher fundo'}
        </ImageFileButton>
        {background && (
          <Button size="sm" variant="outline-danger" onClick={onRemove}>
            Remover fundo
          </Button>
        )}
      </div>
      <div id={HELP_ID} className="form-text small">
        Uma imagem ou a primeira página de um PDF, sob todos os elementos, do tamanho da página (em
        folhas, de cada etiqueta), centralizada e sem distorcer.
      </div>
    </fieldset>
  );
}
