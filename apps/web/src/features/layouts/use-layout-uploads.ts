import { useState } from 'react';
import type { Layout } from '@balcao/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { addImageElement, replaceElement, withBackground } from './layout-edits';
import { readLayoutImage } from './layout-image';
import { layoutImageRefused, layoutImageUploadRequested, selectLayouts } from './slice';

/** What an upload is for: a new image element, the image of the element at `index`, the background. */
export type UploadPurpose =
  { kind: 'add' } | { kind: 'replace'; index: number; imageId: string } | { kind: 'background' };
interface PendingUpload {
  requestId: string;
  purpose: UploadPurpose;
}
let uploads = 0;

/**
 * The editor's image uploads: a file is checked here (type, size), read and sent by the saga; the
 * server's answer to this editor's upload is placed (or swapped in) as one step of the history.
 */
export function useLayoutUploads(
  layout: Layout,
  change: (next: Layout) => void,
  choose: (index: number) => void,
) {
  const dispatch = useAppDispatch();
  const { uploadingImage, uploadedImage } = useAppSelector(selectLayouts);
  const [readingImage, setReadingImage] = useState(false);
  const [pendingUpload, setPendingUpload] = useState<PendingUpload | null>(null);

  if (pendingUpload && uploadedImage?.requestId === pendingUpload.requestId) {
    setPendingUpload(null);
    const { purpose } = pendingUpload;
    const { image } = uploadedImage;
    if (purpose.kind === 'background') {
      change(withBackground(layout, image.id));
    } else if (purpose.kind === 'add') {
      const added = addImageElement(layout, image);
      change(added.layout);
      choose(added.index);
    } else {
      // Swapped only if the element still shows the image it had when 'Trocar imagem' was pressed.
      const target = layout.elements[purpose.index];
      if (target?.kind === 'image' && target.imageId === purpose.imageId) {
        change(replaceElement(layout, purpose.index, { ...target, imageId: image.id }));
      }
    }
  }

  const uploadImage = (file: File, purpose: UploadPurpose) => {
    setReadingImage(true);
    void readLayoutImage(file, purpose.kind === 'background' ? 'background' : 'element').then(
      (read) => {
        setReadingImage(false);
        if ('problem' in read) {
          dispatch(layoutImageRefused(read.problem));
          return;
        }
        const requestId = `imagem-${++uploads}`;
        setPendingUpload({ requestId, purpose });
        dispatch(layoutImageUploadRequested({ requestId, dataUrl: read.dataUrl }));
      },
    );
  };

  return { uploadImage, uploading: readingImage || uploadingImage };
}
