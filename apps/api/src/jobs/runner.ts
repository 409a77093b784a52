import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open.js';
import { rowsOf } from '../admin/sql-rows.js';
import { JOB_LEASE_MS_DEFAULT, JOB_POLL_MS_DEFAULT } from '../config.js';
import type { JobRunOutcome } from '../db/schema.js';

// Background work done once across replicas (docs/decisions/040-job-queue.md). Every API process runs a JobRunner
// over the same schedule; the scheduled_jobs table decides which process runs which turn of which job:
//  - a turn is claimed with one UPDATE whose subquery takes the due row `for update skip locked`, so two processes
//    polling at the same moment never claim the same job, and neither waits on the other;
//  - the claim is a lease (locked_until) that the running process extends every lease/3; a process that dies mid-job
//    stops extending it, and once it has run out the next process to poll marks that run 'abandoned' and runs the turn
//    again (the jobs themselves claim their rows, so work the dead process finished is not done twice);
//  - when a run ends, next_run_at becomes now + the job's interval: after downtime a due job runs once, not once per
//    missed interval. Times are the database's (now()), so replicas with drifting clocks agree.
// On PGlite there is one process, and the same code runs the same jobs in it.


export interface JobContext {
  /** True for the run a process makes before it listens (start-up): work left by a crash, with no request under way. */
  startup: boolean;
}

export interface JobDefinition {
  name: string;
  intervalMs: number;
  /** Throws to record the run as failed (the message is kept; the next turn comes after the interval as usual). */
  run(context: JobContext): Promise<void>;
}

export interface JobRunnerOptions {
  db: Database;
  jobs: readonly JobDefinition[];
  log: FastifyBaseLogger;
  pollMs?: number;
  leaseMs?: number;
  /** This process's name in scheduled_jobs.locked_by and job_runs.replica. */
  replica?: string;
}

interface Claim {
  job: JobDefinition;
  scheduledFor: Date;
  runId: number;
}

/** hostname:pid:random — unique per process even when containers share a hostname and a pid. */
export function replicaName(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** True when `replica` (hostname:pid:random) names this host and a process that is not running (or this one's pid). */
function isDeadProcessOfThisHost(replica: string): boolean {
  const match = /^(.*):(\d+):[0-9a-f]+$/.exec(replica);
  if (!match || match[1] !== os.hostname()) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return false;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** One line, no stack, bounded: what job_runs.error and scheduled_jobs.last_error keep. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 500);
}

export class JobRunner {
  readonly replica: string;
  private readonly byName: Map<string, JobDefinition>;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.replica = options.replica ?? replicaName();
    this.byName = new Map(options.jobs.map((job) => [job.name, job]));
    this.pollMs = options.pollMs ?? JOB_POLL_MS_DEFAULT;
    this.leaseMs = options.leaseMs ?? JOB_LEASE_MS_DEFAULT;
  }

  /** Adds a row for every job of the schedule that has none yet, due now (so a new database runs each once at start). */
  async ensureSchedule(): Promise<void> {
    for (const job of this.options.jobs) {
      await this.options.db.execute(sql`insert into scheduled_jobs (name, next_run_at) values (${job.name}, now()) on conflict (name) do nothing`);
    }
  }

  /**
   * At start, before the start-up run: ends the leases of processes known to be dead, so what a crash left is done
   * before the server listens rather than once the lease runs out. Known dead: with `exclusive` (PGlite: this process
   * holds the database's lock, so every lease is an earlier process's) all of them; otherwise those of this host whose
   * pid is this process's (an earlier incarnation: containers restart as pid 1) or no longer runs. A lease of another
   * host is left to run out. The next claim then marks the dead process's run abandoned, as usual.
   */
  async endLeasesOfDeadProcesses({ exclusive = false } = {}): Promise<string[]> {
    const { db, log } = this.options;
    const held = rowsOf<{ name: string; locked_by: string }>(
      await db.execute(sql`select name, locked_by from scheduled_jobs where locked_by is not null and locked_until >= now()`),
    );
    const ended: string[] = [];
    for (const { name, locked_by: holder } of held) {
      if (!exclusive && !isDeadProcessOfThisHost(holder)) continue;
      await db.execute(sql`update scheduled_jobs set locked_until = now() - interval '1 millisecond' where name = ${name} and locked_by = ${holder}`);
      log.warn({ job: name, replica: holder }, 'job: the lease of a process that is no longer running is ended');
      ended.push(name);
    }
    return ended;
  }

  /**
   * Claims one job among `names` (all by default) whose lease is free or has run out: a due one, or with `anyTime`
   * one not due yet (start-up). Marks a run the lease's last holder left unfinished as abandoned, and records this run.
   */
  private async claim(names: readonly string[], anyTime: boolean): Promise<Claim | null> {
    const { db } = this.options;
    const list = sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    );
    const claimed = rowsOf<{ name: string; scheduled_for: Date | string }>(
      await db.execute(sql`
        update scheduled_jobs j
        set locked_by = ${this.replica}, locked_until = now() + ${this.leaseMs} * interval '1 millisecond', last_started_at = now()
        where j.name = (
          select name from scheduled_jobs
          where name in (${list})
            and (${anyTime} or next_run_at <= now())
            and (locked_until is null or locked_until < now())
          order by next_run_at
          limit 1
          for update skip locked
        )
        returning j.name, j.next_run_at as scheduled_for`),
    );
    const [row] = claimed;
    if (!row) return null;
    const job = this.byName.get(row.name)!;
    const scheduledFor = new Date(row.scheduled_for);
    // We hold the lease now: a run still 'running' was its last holder's, which stopped extending it (it died).
    const abandoned = rowsOf<{ id: number; replica: string }>(
      await db.execute(sql`update job_runs set outcome = 'abandoned', finished_at = now() where job = ${job.name} and outcome = 'running' returning id, replica`),
    );
    for (const run of abandoned) this.options.log.warn({ job: job.name, run: run.id, replica: run.replica }, 'job: a run whose process stopped mid-job is taken over');
    // The turn's time copied in SQL (microseconds on PostgreSQL: a JavaScript Date would round them away).
    const [inserted] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into job_runs (job, scheduled_for, replica) select name, next_run_at, ${this.replica} from scheduled_jobs where name = ${job.name} returning id`),
    );
    return { job, scheduledFor, runId: Number(inserted!.id) };
  }

  /** Runs a claimed job, extending its lease meanwhile, and records how it ended. Never throws. */
  private async execute(claim: Claim, context: JobContext): Promise<JobRunOutcome> {
    const { db, log } = this.options;
    const heartbeat = setInterval(() => {
      db.execute(
        sql`update scheduled_jobs set locked_until = now() + ${this.leaseMs} * interval '1 millisecond' where name = ${claim.job.name} and locked_by = ${this.replica} returning name`,
      )
        .then((result) => {
          if (rowsOf(result).length === 0) {
            log.warn({ job: claim.job.name }, 'job: the lease was lost while running (the database was away longer than the lease)');
          }
        })
        .catch((error: unknown) => log.warn({ err: error, job: claim.job.name }, 'job: could not extend the lease'));
    }, Math.max(10, Math.floor(this.leaseMs / 3)));
    heartbeat.unref();
    let outcome: JobRunOutcome = 'ok';
    let error: string | null = null;
    try {
      await claim.job.run(context);
    } catch (failure) {
      outcome = 'failed';
      error = errorText(failure);
      log.error({ err: failure, job: claim.job.name }, 'job failed; its next turn tries again');
    } finally {
      clearInterval(heartbeat);
    }
    try {
      await db.execute(sql`
        update scheduled_jobs
        set locked_by = null, locked_until = null, last_finished_at = now(), last_error = ${error}, runs = runs + 1,
            next_run_at = now() + ${claim.job.intervalMs} * interval '1 millisecond'
        where name = ${claim.job.name} and locked_by = ${this.replica}`);
      // Only while still 'running': a run another process took over (its lease ran out: the database was away) stays
      // 'abandoned', so a turn never shows two 'ok' runs.
      await db.execute(sql`update job_runs set outcome = ${outcome}, error = ${error}, finished_at = now() where id = ${claim.runId} and outcome = 'running'`);
    } catch (failure) {
      // The lease runs out by itself and the turn is run again: harmless, as every job claims its own rows.
      log.error({ err: failure, job: claim.job.name }, 'job: could not record the end of a run; it will run again when its lease runs out');
    }
    return outcome;
  }

  /**
   * Runs, one after the other, every job among `names` that is due, the longest-due first; or, with `anyTime` (the
   * start-up run), every one whose lease is free, in the order named (the donations the re-delivery writes are among
   * those the receipt sweep then looks at). Each is claimed as above; one another process holds is left to it.
   * Answers the names run. A database failure ends the pass (logged; the next poll tries again).
   */
  async runDue(names: readonly string[] = [...this.byName.keys()], { anyTime = false, startup = false } = {}): Promise<string[]> {
    const ran: string[] = [];
    let remaining = names.filter((name) => this.byName.has(name));
    while (remaining.length > 0 && !this.stopping) {
      const candidates = anyTime ? remaining.slice(0, 1) : remaining;
      let claim: Claim | null;
      try {
        claim = await this.claim(candidates, anyTime);
      } catch (error) {
        this.options.log.error({ err: error }, 'jobs: could not look for due jobs; trying again at the next poll');
        break;
      }
      if (!claim) {
        if (!anyTime) break; // nothing among them is due
        remaining = remaining.slice(1); // at start-up, one another process holds is skipped
        continue;
      }
      await this.execute(claim, { startup });
      ran.push(claim.job.name);
      // Each job once per pass: once run it is no longer due.
      remaining = remaining.filter((name) => name !== claim.job.name);
    }
    return ran;
  }

  /** Polls every pollMs from now on (one pass at a time). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running || this.stopping) return;
      this.running = this.runDue()
        .then(() => undefined)
        .finally(() => {
          this.running = null;
        });
    }, this.pollMs);
    this.timer.unref();
  }

  /** No new job starts; resolves when the one under way (if any) has finished and released its lease. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
