import { lazy, Suspense, useContext, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { IDetectedBarcode, IScannerError } from '@yudiel/react-qr-scanner';
import { BEEP_SOUND } from './beep';
import { ScannerCameraContext } from './scanner-camera';

/** SPEC.md section 9. */
export const SCAN_DELAY_MS = 100;
export const SCANNER_WIDTH = 200;
/** 'Troca de Apostila' and the camera preview use 320 by 240. */
export const LARGE_SCANNER = { width: 320, height: 240 } as const;

/**
 * Browsers without a native BarcodeDetector decode with zxing's WebAssembly build, which the
 * library would fetch from a CDN an event venue may not reach. The build copies it next to
 * index.html (vite.config.ts), so it comes from our own origin.
 */
export const ZXING_WASM_FILE = 'zxing_reader.wasm';

/**
 * The scanner library (camera, WebRTC shims, barcode decoder) loads the first time a clerk turns
 * the camera on: a desk that only takes a USB scanner never parses it.
 */
const Scanner = lazy(async () => {
  const library = await import('@yudiel/react-qr-scanner');
  library.setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? `${import.meta.env.BASE_URL}${path}` : prefix + path,
  });
  return { default: library.Scanner };
});

const CAMERA_ERROR = 'Não foi possível usar a câmera para ler QR codes.';

export interface QrScannerProps {
  /** The text of a scanned code. */
  onScan: (text: string) => void;
  /** The toggle's text while the camera is off. */
  label?: string;
  width?: number;
  height?: number;
  /** Turns the camera off after a code is read. */
  closeOnScan?: boolean;
  disabled?: boolean;
}

/**
 * The shared QR scanner: a toggle button shows it (the session's camera, 100 ms between reads, a
 * beep on each code) and hides it; hidden, the scanner is unmounted, which stops the camera.
 */
export function QrScanner(props: QrScannerProps) {
  const { onScan, label = 'Ler QR Code', width = SCANNER_WIDTH, height, closeOnScan } = props;
  const cameraId = useContext(ScannerCameraContext);
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const scanned = (codes: IDetectedBarcode[]) => {
    const text = codes.find((code) => code.rawValue.trim() !== '')?.rawValue.trim();
    if (!text) return;
    if (closeOnScan) setShown(false);
    onScan(text);
  };
  const failed = (failure: IScannerError) => {
    console.error('Falha na câmera', failure);
    setError(CAMERA_ERROR);
  };

  return (
    <div className="qr-scanner">
      <Button
        type="button"
        size="sm"
        variant={shown ? 'secondary' : 'outline-secondary'}
        aria-pressed={shown}
        disabled={props.disabled}
        onClick={() => {
          setError(null);
          setShown((current) => !current);
        }}
      >
        {shown ? 'Fechar câmera' : label}
      </Button>
      {shown && (
        <div className="qr-scanner-view mt-2" style={{ width, height }}>
          <Suspense fallback={null}>
            <Scanner
              onScan={scanned}
              onError={failed}
              constraints={
                cameraId ? { deviceId: { exact: cameraId } } : { facingMode: 'environment' }
              }
              formats={['qr_code']}
              scanDelay={SCAN_DELAY_MS}
              retryDelay={SCAN_DELAY_MS}
              sound={BEEP_SOUND}
              components={{ finder: true, onOff: false, torch: false, zoom: false }}
              styles={{
                container: { width, height },
                video: { width, height, objectFit: 'cover' },
              }}
            />
          </Suspense>
        </div>
      )}
      {shown && error && (
        <Alert variant="warning" className="mt-2 mb-0 py-1 px-2 small" role="alert">
          {error}
        </Alert>
      )}
    </div>
  );
}
