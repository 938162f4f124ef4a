export interface ClusterOptions {
  /** The database every instance opens (PostgreSQL for a real deployment). */
  databaseUrl: string;
  /** How many API processes (default 3). */
  instances?: number;
  /** More environment for the instances (LOG_LEVEL, BALCAO_ADMIN_PASSWORD, ...). */
  env?: Record<string, string>;
  /** Where the processes' output lines go, prefixed by their name; nowhere when absent. */
  log?: (line: string) => void;
  /** The balancer's port; a free one when absent. */
  port?: number;
  /**
   * Requests one instance takes at once before the balancer sends the next to the following one
   * (HAProxy's `maxconn`); `instanceSlots` of the instances' pool size when absent.
   */
  slots?: number;
  startTimeoutMs?: number;
}

export interface ClusterInstance {
  /** The server's name in HAProxy, also sent back in the `x-balcao-instance` header. */
  name: string;
  port: number;
  origin: string;
  pid: number;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | string | null>;
}

export interface Cluster {
  /** The balancer's address: http://127.0.0.1:<port>. */
  origin: string;
  configFile: string;
  haproxy: { pid: number; port: number };
  instances: ClusterInstance[];
  /** Stops HAProxy, then every instance (each drains its requests). */
  stop(): Promise<void>;
}

export const INSTANCE_HEADER: 'x-balcao-instance';
export function freePorts(count: number): Promise<number[]>;
export function haproxyPath(): string | undefined;
/** Requests an instance takes at once: twice its database pool (default 10). */
export function instanceSlots(poolSize?: number): number;
export function haproxyConfig(
  port: number,
  servers: { name: string; port: number }[],
  slots?: number,
): string;
/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number;
export function startCluster(options: ClusterOptions): Promise<Cluster>;
