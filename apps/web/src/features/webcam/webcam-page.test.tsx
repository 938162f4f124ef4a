import { screen } from '@testing-library/react';
import { renderPage } from '../../testing/render';
import { NO_CAMERA_MESSAGE, NO_MEDIA_DEVICES_MESSAGE } from './media-devices';

function device(kind: MediaDeviceKind, deviceId: string, label: string): MediaDeviceInfo {
  return { kind, deviceId, label, groupId: 'g', toJSON: () => ({}) };
}

function fakeMediaDevices(list: () => Promise<MediaDeviceInfo[]>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { enumerateDevices: list },
  });
}

const openWebcam = () => renderPage('WEBCAM_CONFIG');

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('webcam page', () => {
  it(
    'lists the video inputs, saves the chosen one in the session and shows it',
    { timeout: 20_000 },
    async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      fakeMediaDevices(async () => {
        await released;
        return [
          device('audioinput', 'mic', 'Microfone'),
          device('videoinput', 'cam-1', 'Webcam USB'),
          device('videoinput', 'cam-2', 'Câmera integrada'),
        ];
      });
      const { user, store } = await openWebcam();
      expect(screen.getByText('Câmera padrão do navegador')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Editar' }));
      expect(screen.getByRole('button', { name: 'Processando' })).toBeDisabled();
      release();

      const select = await screen.findByRole('combobox', { name: 'Câmera' });
      expect(await screen.findByRole('option', { name: 'Webcam USB' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Microfone' })).not.toBeInTheDocument();
      await user.selectOptions(select, 'cam-2');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));

      expect(store.getState().session.cameraId).toBe('cam-2');
      expect(screen.getByText('Câmera integrada')).toBeInTheDocument();
      expect(screen.getByText('Configuração salva!')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem('balcao.session') ?? '{}').cameraId).toBe('cam-2');
    },
  );

  it('cancels without changing the camera', async () => {
    fakeMediaDevices(async () => [device('videoinput', 'cam-1', 'Webcam USB')]);
    const { user, store } = await openWebcam();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Câmera' }), 'cam-1');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(store.getState().session.cameraId).toBeNull();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
  });

  it('explains when the browser has no camera access', async () => {
    const { user } = await openWebcam();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_MEDIA_DEVICES_MESSAGE);
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('explains when no camera is connected', async () => {
    fakeMediaDevices(async () => [device('audioinput', 'mic', 'Microfone')]);
    const { user } = await openWebcam();
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_CAMERA_MESSAGE);
  });
});
