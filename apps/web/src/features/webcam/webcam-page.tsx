import { useCallback } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { SettingsForm } from '../../ui/settings-form';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { cameraSelected, selectCameraId } from '../../app/session/slice';
import {
  selectWebcam,
  webcamDraftChanged,
  webcamEditCancelled,
  webcamEditStarted,
  webcamSavedNoticeClosed,
} from './slice';
import './area';

const DEFAULT_CAMERA = 'Câmera padrão do navegador';

export function WebcamPage() {
  const dispatch = useAppDispatch();
  const cameraId = useAppSelector(selectCameraId);
  const { editing, busy, devices, draftId, message, saved } = useAppSelector(selectWebcam);
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
      onEdit={() => dispatch(webcamEditStarted(cameraId))}
      onSave={() => dispatch(cameraSelected(draftId === '' ? null : draftId))}
      onCancel={() => dispatch(webcamEditCancelled())}
      view={
        <dl className="mb-3">
          <dt>Câmera usada para ler QR codes</dt>
          <dd>{current}</dd>
        </dl>
      }
    >
      {message && (
        <Alert variant="warning" role="alert">
          {message}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="webcam-device">
        <Form.Label>Câmera</Form.Label>
        <Form.Select
          value={draftId}
          disabled={busy || message !== null}
          onChange={(event) => dispatch(webcamDraftChanged(event.target.value))}
        >
          <option value="">{DEFAULT_CAMERA}</option>
          {devices.map((device) => (
            <option key={device.deviceId} value={device.deviceId}>
              {device.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </SettingsForm>
  );
}
