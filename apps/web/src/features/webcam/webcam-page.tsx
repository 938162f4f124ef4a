import { useCallback } from 'react';
import Alert from 'react-bootstrap/Alert';
import { textValue } from '../../ui/form-field';
import { SettingsForm } from '../../ui/settings-form';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { cameraSelected, selectCameraId } from '../../app/session/slice';
import {
  selectWebcam,
  webcamEditCancelled,
  webcamEditStarted,
  webcamSavedNoticeClosed,
} from './slice';
import './area';

const DEFAULT_CAMERA = 'Câmera padrão do navegador';

export function WebcamPage() {
  const dispatch = useAppDispatch();
  const cameraId = useAppSelector(selectCameraId);
  const { editing, busy, devices, message, saved } = useAppSelector(selectWebcam);
  const closeNotice = useCallback(() => dispatch(webcamSavedNoticeClosed()), [dispatch]);
  const current = cameraId
    ? (devices.find((device) => device.deviceId === cameraId)?.label ??
      'Câmera escolhida neste navegador')
    : DEFAULT_CAMERA;

  return (
    <SettingsForm
      title="Configurar webcam"
      editing={editing}
      busy={busy}
      saved={saved}
      onSavedClose={closeNotice}
      saveDisabled={message !== null}
      idPrefix="webcam"
      fields={[
        {
          name: 'device',
          label: 'Câmera',
          type: 'select',
          emptyOption: DEFAULT_CAMERA,
          options: devices.map((device) => ({ value: device.deviceId, label: device.label })),
          disabled: busy || message !== null,
        },
      ]}
      initial={{ device: cameraId ?? '' }}
      notice={
        message && (
          <Alert variant="warning" role="alert">
            {message}
          </Alert>
        )
      }
      onEdit={() => dispatch(webcamEditStarted())}
      onSave={({ device }) => {
        // A camera no longer listed shows as the default one, and is saved as such.
        const listed = devices.some((one) => one.deviceId === device);
        dispatch(cameraSelected(listed ? textValue(device) : null));
      }}
      onCancel={() => dispatch(webcamEditCancelled())}
      view={
        <dl className="mb-3">
          <dt>Câmera usada para ler QR codes</dt>
          <dd>{current}</dd>
        </dl>
      }
    />
  );
}
