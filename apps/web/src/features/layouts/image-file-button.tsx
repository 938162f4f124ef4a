import { useRef, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { IMAGE_ACCEPT } from './layout-image';

interface ImageFileButtonProps {
  /** The hidden file input's accessible name. */
  inputLabel: string;
  /** An upload is under way: one at a time. */
  busy: boolean;
  onFile(file: File): void;
  variant?: string;
  /** The chooser's filter: PNG, JPEG and SVG unless told. */
  accept?: string;
  children: ReactNode;
}

/** A button that opens the file chooser for an image (or a PDF) and hands over the file chosen. */
export function ImageFileButton({
  inputLabel,
  busy,
  onFile,
  variant = 'outline-primary',
  accept = IMAGE_ACCEPT,
  children,
}: ImageFileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="sm" variant={variant} disabled={busy} onClick={() => input.current?.click()}>
        {busy ? 'Processando' : children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={inputLabel}
        tabIndex={-1}
        hidden
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
