export interface VideoInput {
  deviceId: string;
  label: string;
}

export const NO_MEDIA_DEVICES_MESSAGE =
  'Este navegador não permite acessar câmeras. Use um navegador atualizado, em um endereço seguro (HTTPS ou localhost).';
export const NO_CAMERA_MESSAGE = 'Nenhuma câmera foi encontrada neste computador.';
export const LIST_FAILED_MESSAGE = 'Não foi possível listar as câmeras deste computador.';

/** A failure whose message is shown as is on the webcam page. */
export class WebcamError extends Error {
  override name = 'WebcamError';
}

function videoInputs(devices: MediaDeviceInfo[]): VideoInput[] {
  return devices
    .filter((device) => device.kind === 'videoinput')
    .map((device, index) => ({
      deviceId: device.deviceId,
      label: device.label || `Câmera ${index + 1}`,
    }));
}

/**
 * The browser's cameras. Browsers hide the names (and sometimes the ids) until the page may use a
 * camera, so when they are hidden we ask once for access, release the camera and list again.
 */
export async function listVideoInputs(
  mediaDevices: MediaDevices | undefined = globalThis.navigator?.mediaDevices,
): Promise<VideoInput[]> {
  if (!mediaDevices || typeof mediaDevices.enumerateDevices !== 'function') {
    throw new WebcamError(NO_MEDIA_DEVICES_MESSAGE);
  }
  let devices: MediaDeviceInfo[];
  try {
    devices = await mediaDevices.enumerateDevices();
    const hidden = devices.some((d) => d.kind === 'videoinput' && (!d.label || !d.deviceId));
    if (hidden && typeof mediaDevices.getUserMedia === 'function') {
      try {
        const stream = await mediaDevices.getUserMedia({ video: true });
        stream.getTracks().forEach((track) => track.stop());
        devices = await mediaDevices.enumerateDevices();
      } catch {
        // Access refused or camera busy: the unnamed list is still usable.
      }
    }
  } catch {
    throw new WebcamError(LIST_FAILED_MESSAGE);
  }
  const inputs = videoInputs(devices).filter((input) => input.deviceId !== '');
  if (inputs.length === 0) throw new WebcamError(NO_CAMERA_MESSAGE);
  return inputs;
}
