import { describe, expect, it } from 'vitest';
import { cupsServer } from '../src/cups.js';
import { requestIdIn } from '../src/follow-job.js';

describe('finding the CUPS server and the job lp queued', () => {
  it('reads CUPS_SERVER as the CUPS commands do', () => {
    expect(cupsServer({ CUPS_SERVER: '/tmp/cups.sock' })).toEqual({ socketPath: '/tmp/cups.sock' });
    expect(cupsServer({ CUPS_SERVER: 'impressoras.local' })).toEqual({
      host: 'impressoras.local',
      port: 631,
    });
    expect(cupsServer({ CUPS_SERVER: 'impressoras.local:8631/version=1.1' })).toEqual({
      host: 'impressoras.local',
      port: 8631,
    });
    expect(cupsServer({ CUPS_SERVER: '[::1]:8631' })).toEqual({ host: '::1', port: 8631 });
  });

  it("takes the request id from lp's output in any language, and nothing from other output", () => {
    expect(requestIdIn('cracha-mesa-1', 'request id is cracha-mesa-1-42 (1 file(s))\n')).toEqual({
      requestId: 'cracha-mesa-1-42',
      jobNumber: 42,
    });
    expect(requestIdIn('Cracha', 'id de requisição é Cracha-7 (1 arquivo(s))')).toEqual({
      requestId: 'Cracha-7',
      jobNumber: 7,
    });
    expect(requestIdIn('cracha', 'request id is cracha-mesa-1-42 (1 file(s))')).toBeNull();
    expect(requestIdIn('cracha', '')).toBeNull();
  });
});
