import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { printerStatus } from '../src/cups.js';

const CUPSD = '/usr/sbin/cupsd';
const CUPS_PDF_BACKEND = '/usr/lib/cups/backend/cups-pdf';
const CUPS_PDF_PPD = '/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd';
/** cups-pdf reads its settings only from here: /etc/cups/cups-pdf-{device}.conf. */
const CUPS_PDF_CONFIG_DIR = '/etc/cups';

/**
 * Debian's cups and cups-pdf (with poppler-utils' pdfinfo), and root: cupsd runs the cups-pdf
 * backend as root only when cupsd itself is root, and its settings go into /etc/cups.
 */
export const cupsAvailable =
  process.getuid?.() === 0 &&
  [CUPSD, CUPS_PDF_BACKEND, CUPS_PDF_PPD, '/usr/bin/pdfinfo'].every((path) => existsSync(path));

const run = promisify(execFile);

async function waitFor<T>(check: () => Promise<T | undefined>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`tempo esgotado esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface PdfInfo {
  pages: number;
  /** Page size in millimetres, rounded to 0.1 mm. */
  widthMm: number;
  heightMm: number;
}

/** Pages and page size of a PDF, as poppler's pdfinfo reads them. */
export async function pdfInfo(file: string): Promise<PdfInfo> {
  const { stdout } = await run('pdfinfo', [file]);
  const pages = /^Pages:\s+(\d+)/m.exec(stdout);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(stdout);
  const mm = (points: string | undefined) => Math.round((Number(points) * 254) / 72) / 10;
  return { pages: Number(pages?.[1]), widthMm: mm(size?.[1]), heightMm: mm(size?.[2]) };
}

/**
 * A private CUPS: its own cupsd, with configuration, spool, logs and socket in a temporary folder
 * (no port, so it never meets the machine's own cupsd), and cups-pdf queues that write each job
 * they print as a PDF into a folder per queue.
 */
export class Cups {
  /** For every CUPS command and the agent: CUPS_SERVER points them at this cupsd. */
  readonly env: NodeJS.ProcessEnv;
  private readonly socket: string;
  private cupsd: ChildProcess | null = null;
  private readonly configs: string[] = [];

  private constructor(readonly root: string) {
    this.socket = join(root, 'cups.sock');
    this.env = { ...process.env, CUPS_SERVER: this.socket, LC_ALL: 'C' };
  }

  static async start(): Promise<Cups> {
    const root = await mkdtemp(join(tmpdir(), 'balcao-cups-'));
    // The filters run as lp and read the configuration (the queues' PPDs) under here.
    await chmod(root, 0o755);
    const cups = new Cups(root);
    await cups.launch();
    return cups;
  }

  private async launch(): Promise<void> {
    const { root } = this;
    const etc = join(root, 'etc');
    await Promise.all(
      ['etc', 'cache', 'state', 'log', 'spool'].map((dir) => mkdir(join(root, dir))),
    );
    // RequestRoot (spool) gets its tmp subfolder from cupsd, writable by lp, as the filters need.
    await writeFile(
      join(etc, 'cups-files.conf'),
      [
        `ServerRoot ${etc}`,
        `RequestRoot ${join(root, 'spool')}`,
        `CacheDir ${join(root, 'cache')}`,
        `StateDir ${join(root, 'state')}`,
        `ErrorLog ${join(root, 'log', 'error_log')}`,
        `AccessLog ${join(root, 'log', 'access_log')}`,
        `PageLog ${join(root, 'log', 'page_log')}`,
        'ServerBin /usr/lib/cups',
        'DataDir /usr/share/cups',
        'User lp',
        'Group lp',
        'SystemGroup root',
        'LogFileGroup root',
        '',
      ].join('\n'),
    );
    // Anyone on the socket may do anything: only this test's processes can reach it.
    await writeFile(
      join(etc, 'cupsd.conf'),
      [
        `Listen ${this.socket}`,
        'LogLevel info',
        'Browsing No',
        'WebInterface No',
        'DefaultAuthType None',
        '<Location />',
        '  Order deny,allow',
        '</Location>',
        '<Policy default>',
        '  <Limit All>',
        '    Order deny,allow',
        '  </Limit>',
        '</Policy>',
        '',
      ].join('\n'),
    );
    const cupsd = spawn(
      CUPSD,
      ['-f', '-c', join(etc, 'cupsd.conf'), '-s', join(etc, 'cups-files.conf')],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.cupsd = cupsd;
    let stderr = '';
    cupsd.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(cupsd, 'exit').then(([code]) => {
      throw new Error(`cupsd saiu (${String(code)}): ${stderr}`);
    });
    exited.catch(() => undefined);
    await Promise.race([
      exited,
      waitFor(
        () => printerStatus('nenhuma', { socketPath: this.socket }).then(() => true),
        'o cupsd',
      ),
    ]);
  }

  /** Runs a CUPS command (lpadmin, cupsdisable, ...) against this cupsd. */
  async command(command: string, args: string[]): Promise<string> {
    return (await run(command, args, { env: this.env })).stdout;
  }

  /** Where cups-pdf writes the jobs of a queue. */
  outputDir(queue: string): string {
    return join(this.root, 'pdf', queue);
  }

  /**
   * A cups-pdf queue whose page size is the label's, as README.md tells a venue to set up theirs.
   * cups-pdf picks its settings by the device name: cups-pdf:/{device} reads
   * /etc/cups/cups-pdf-{device}.conf, whose output folder is in the temporary folder.
   */
  async addQueue(queue: string, page: { widthMm: number; heightMm: number }): Promise<void> {
    const device = `${basename(this.root)}-${queue}`;
    const config = join(CUPS_PDF_CONFIG_DIR, `cups-pdf-${device}.conf`);
    await mkdir(this.outputDir(queue), { recursive: true });
    this.configs.push(config);
    await writeFile(
      config,
      [
        `Out ${this.outputDir(queue)}`,
        `Spool ${join(this.root, 'cups-pdf-spool')}`,
        `Log ${join(this.root, 'log')}`,
        'LogType 1',
        'Grp root',
        '',
      ].join('\n'),
    );
    await this.command('lpadmin', [
      '-p',
      queue,
      '-E',
      '-v',
      `cups-pdf:/${device}`,
      '-P',
      CUPS_PDF_PPD,
      '-o',
      `PageSize=Custom.${page.widthMm}x${page.heightMm}mm`,
    ]);
  }

  /** The PDFs cups-pdf wrote for a queue, oldest job first. */
  async pdfs(queue: string): Promise<string[]> {
    const job = (name: string) => Number(/-job_(\d+)\.pdf$/.exec(name)?.[1]);
    const names = (await readdir(this.outputDir(queue))).filter((name) => name.endsWith('.pdf'));
    return names.sort((a, b) => job(a) - job(b)).map((name) => join(this.outputDir(queue), name));
  }

  /** Request ids of the jobs CUPS has not finished on a queue. */
  async unfinished(queue: string): Promise<string[]> {
    const listing = await this.command('lpstat', ['-W', 'not-completed', '-o', queue]);
    return listing
      .split('\n')
      .map((line) => line.split(/\s+/)[0] ?? '')
      .filter(Boolean);
  }

  async stop(): Promise<void> {
    const cupsd = this.cupsd;
    this.cupsd = null;
    if (cupsd && cupsd.exitCode === null) {
      const exit = once(cupsd, 'exit');
      cupsd.kill('SIGTERM');
      await exit;
    }
    await Promise.all(this.configs.map((config) => rm(config, { force: true })));
    await rm(this.root, { recursive: true, force: true });
  }
}
