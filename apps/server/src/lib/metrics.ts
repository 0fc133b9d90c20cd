import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** Reads figures kept elsewhere (the job queue, tasks) when Prometheus scrapes. */
export interface MetricsSources {
  /** Jobs by type and state, and the run-at time of the oldest due pending job of each type. */
  jobs(): Promise<{ type: string; state: string; count: number; oldestRunAt: number | null }[]>;
  /** Tasks by type and phase (their outcomes: PHASE_TYPE_COMPLETE, PHASE_TYPE_ERROR…). */
  tasks(): Promise<{ type: string; phase: string; count: number }[]>;
  /** Free bytes of each volume this node writes to (`data`: DATA_DIR). */
  volumes(): Promise<{ volume: string; freeBytes: number }[]>;
  now(): number;
}

/**
 * The process's Prometheus series (`/metrics`). One registry per app, so apps built
 * side by side (tests) never share or clash on series.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<"method" | "route" | "status">;
  readonly latency: Histogram<"method" | "route">;
  readonly bytesIn: Counter<"route">;
  readonly bytesOut: Counter<"route">;
  readonly signinFailures: Counter;
  readonly captchaChallenges: Counter;
  private sources: MetricsSources | undefined;

  constructor() {
    const registers = [this.registry];
    this.requests = new Counter({
      name: "nimbus_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status.",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.latency = new Histogram({
      name: "nimbus_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method and route pattern.",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.bytesIn = new Counter({
      name: "nimbus_http_received_bytes_total",
      help: "Request body bytes received (uploads included), by route pattern.",
      labelNames: ["route"],
      registers,
    });
    this.bytesOut = new Counter({
      name: "nimbus_http_sent_bytes_total",
      help: "Response body bytes sent as declared by Content-Length (downloads included), by route pattern.",
      labelNames: ["route"],
      registers,
    });
    this.signinFailures = new Counter({
      name: "nimbus_signin_failures_total",
      help: "Sign-in attempts refused.",
      registers,
    });
    this.captchaChallenges = new Counter({
      name: "nimbus_captcha_challenges_total",
      help: "Captcha challenges handed out: captcha init calls answered 200.",
      registers,
    });
    const jobDepth = new Gauge({
      name: "nimbus_job_queue_depth",
      help: "Jobs in the queue, by type and state (pending, running, failed).",
      labelNames: ["type", "state"],
      registers,
      collect: async () => {
        jobDepth.reset();
        jobAge.reset();
        if (!this.sources) return;
        const now = this.sources.now();
        for (const row of await this.sources.jobs()) {
          jobDepth.set({ type: row.type, state: row.state }, row.count);
          if (row.state === "pending" && row.oldestRunAt !== null) {
            jobAge.set({ type: row.type }, Math.max(0, (now - row.oldestRunAt) / 1000));
          }
        }
      },
    });
    const jobAge = new Gauge({
      name: "nimbus_job_queue_oldest_age_seconds",
      help: "How long the oldest due pending job of each type has waited.",
      labelNames: ["type"],
      registers,
    });
    const tasks = new Gauge({
      name: "nimbus_tasks",
      help: "Tasks (drive#task) by type and phase: their outcomes.",
      labelNames: ["type", "phase"],
      registers,
      collect: async () => {
        tasks.reset();
        if (!this.sources) return;
        for (const row of await this.sources.tasks())
          tasks.set({ type: row.type, phase: row.phase }, row.count);
      },
    });
    const volumeFree = new Gauge({
      name: "nimbus_volume_free_bytes",
      help: "Free bytes of each volume this node writes to (data: DATA_DIR).",
      labelNames: ["volume"],
      registers,
      collect: async () => {
        volumeFree.reset();
        if (!this.sources) return;
        for (const row of await this.sources.volumes()) volumeFree.set({ volume: row.volume }, row.freeBytes);
      },
    });
  }

  /**
   * The whole scrape: these series and the process's own (`process_*`, `nodejs_*`: memory, CPU,
   * event-loop lag, GC, handles), which prom-client collects once per process.
   */
  async scrape(): Promise<string> {
    return `${await processRegistry().metrics()}\n${await this.registry.metrics()}`;
  }

  /** Connects the figures read at scrape time (the database is opened after the registry exists). */
  attach(sources: MetricsSources): void {
    this.sources = sources;
  }
}

let processSeries: Registry | undefined;

/**
 * prom-client's default series in a registry of their own, made once: its GC observer and
 * event-loop monitor are per process, and apps built side by side (tests) share them.
 */
function processRegistry(): Registry {
  if (!processSeries) {
    processSeries = new Registry();
    collectDefaultMetrics({ register: processSeries, eventLoopMonitoringPrecision: 20 });
  }
  return processSeries;
}
