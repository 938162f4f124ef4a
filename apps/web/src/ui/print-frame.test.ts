import { watchPrintFrames } from '../testing/print-frames';
import { printFile } from './print-frame';

const pdf = (text: string) => new Blob([text], { type: 'application/pdf' });
const frames = () => document.querySelectorAll('iframe[data-print-frame]');

describe('printFile', () => {
  afterEach(() => document.body.replaceChildren());

  it('prints from one hidden frame in this tab and gives the focus back to the scan field', async () => {
    const printed = watchPrintFrames();
    const opened = vi.spyOn(window, 'open');
    const scanField = Object.assign(document.createElement('input'), { name: 'cpf' });
    document.body.append(scanField);
    scanField.focus();

    printFile(pdf('%PDF crachá 1'));
    await vi.waitFor(() => expect(printed()).toHaveLength(1));
    printFile(pdf('%PDF crachá 2'));
    await vi.waitFor(() => expect(printed()).toHaveLength(2));

    expect(await Promise.all(printed().map((blob) => blob.text()))).toEqual([
      '%PDF crachá 1',
      '%PDF crachá 2',
    ]);
    expect(opened).not.toHaveBeenCalled();
    // The previous frame is gone: prints do not pile up.
    expect(frames()).toHaveLength(1);
    const frame = frames()[0] as HTMLIFrameElement;
    expect(frame.style.visibility).toBe('hidden');
    expect(frame.style.width).toBe('0px');
    expect(frame).toHaveAttribute('aria-hidden', 'true');
    expect(document.activeElement).toBe(scanField);
  });
});
