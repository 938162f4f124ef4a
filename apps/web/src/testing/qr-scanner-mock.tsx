import { useState } from 'react';

/**
 * jsdom has no camera: the scanner library is replaced by a field where a test "shows" a code
 * to the camera (type it, then Enter), which reaches `onScan` as the library would call it.
 */
export function FakeScanner({
  onScan,
}: {
  onScan: (codes: { rawValue: string; format: string }[]) => void;
}) {
  const [text, setText] = useState('');
  return (
    <input
      aria-label="Imagem da câmera"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          onScan([{ rawValue: text, format: 'qr_code' }]);
          setText('');
        }
      }}
    />
  );
}
