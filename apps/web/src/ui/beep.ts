/**
 * SPEC.md section 9: 'a short scanner beep sound is embedded for scans'. A 90 ms, 1.2 kHz tone
 * as an 8 kHz 8-bit mono WAV data URI, built once here: nothing is fetched.
 */
function beepWav(): string {
  const rate = 8000;
  const samples = Math.round(rate * 0.09);
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++) {
    const fade = Math.min(1, i / 80, (samples - i) / 80);
    bytes[44 + i] = 128 + Math.round(90 * fade * Math.sin((2 * Math.PI * 1200 * i) / rate));
  }
  let binary = '';
  bytes.forEach((byte) => {
    binary += String.fromCharCode(byte);
  });
  return `data:audio/wav;base64,${btoa(binary)}`;
}

export const BEEP_SOUND = beepWav();
