import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../db/open.js';
import { rowsOf } from '../admin/sql-rows.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { JobRunner, type JobDefinition } from './runner.js';

// The job scheduler (decision 040) on a real database: several runners (replicas) share one schedule; each turn of a
// job runs once and never overlaps another run of it; a run whose process died is taken over once its lease runs
// out; a job due for days runs once; a failure is recorded and retried at the next turn; stop waits for the run.

const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RunRow {
  job: string;
  scheduled_for: string;
  replica: string;
  outcome: string;
  error: string | null;
}

describeEachDatabase('job runner', (ctx) => {
  // On PostgreSQL each runner has a connection pool of its own, as separate processes would; PGlite is one process's.
  const handles: DatabaseHandle[] = [];
  let dbs: Database[];

  beforeAll(async () => {
    if (ctx.kind === 'postgres') for (let i = 0; i < 2; i += 1) handles.push(await openDatabase(ctx.config));
    dbs = [ctx.database.db, ...handles.map((handle) => handle.db)];
    while (dbs.length < 3) dbs.push(ctx.database.db);
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
  });
  beforeEach(async () => {
    await ctx.database.db.execute(sql`delete from job_runs`);
    await ctx.database.db.execute(sql`delete from scheduled_jobs`);
  });

  const runsOf = async (job: string) =>
    rowsOf<RunRow>(await ctx.database.db.execute(sql`select job, scheduled_for::text, replica, outcome, error from job_runs where job = ${job} order by id`));
  const scheduleOf = async (job: string) =>
    rowsOf<{ locked_by: string | null; last_error: string | null; runs: number; due_in_ms: number }>(
      await ctx.database.db.execute(
        sql`select locked_by, last_error, runs, (extract(epoch from (next_run_at - now())) * 1000)::int as due_in_ms from scheduled_jobs where name = ${job}`,
      ),
    )[0]!;

  it('three runners on one schedule: each turn runs once, never two runs of a job at the same time', async () => {
    let active = 0;
    let most = 0;
    const tick: JobDefinition = {
      name: 'tick',
      intervalMs: 150,
      async run() {
        active += 1;
        most = Math.max(most, active);
        await sleep(40);
        active -= 1;
      },
    };
    const runners = dbs.map((db, i) => new JobRunner({ db, jobs: [tick], log, pollMs: 15, replica: `replica-${i}` }));
    await runners[0]!.ensureSchedule();
    for (const runner of runners) runner.start();
    await sleep(2_000);
    await Promise.all(runners.map((runner) => runner.stop()));

    const runs = await runsOf('tick');
    expect(most).toBe(1);
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.every((run) => run.outcome === 'ok')).toBe(true);
    expect(new Set(runs.map((run) => run.scheduled_for)).size).toBe(runs.length);
    expect((await scheduleOf('tick')).runs).toBe(runs.length);
    if (ctx.kind === 'postgres') expect(new Set(runs.map((run) => run.replica)).size).toBeGreaterThan(1);
  });

  it("takes over a run whose process died, once its lease has run out, and leaves a live one's alone", async () => {
    let ran = 0;
    const job: JobDefinition = { name: 'sweep', intervalMs: 60_000, run: async () => void (ran += 1) };
    const runner = new JobRunner({ db: dbs[1]!, jobs: [job], log, pollMs: 15, replica: 'survivor' });
    await runner.ensureSchedule();
    // Another replica claimed the turn and is running it: its lease is live.
    await ctx.database.db.execute(sql`update scheduled_jobs set locked_by = 'busy', locked_until = now() + interval '1 hour' where name = 'sweep'`);
    await ctx.database.db.execute(sql`insert into job_runs (job, scheduled_for, replica) select 'sweep', next_run_at, 'busy' from scheduled_jobs where name = 'sweep'`);
    expect(await runner.runDue()).toEqual([]);
    expect(await runner.runDue(['sweep'], { anyTime: true })).toEqual([]);
    expect(ran).toBe(0);
    // It died: its lease is no longer extended and runs out.
    await ctx.database.db.execute(sql`update scheduled_jobs set locked_until = now() - interval '1 second' where name = 'sweep'`);
    runner.start();
    for (let i = 0; i < 100 && ran === 0; i += 1) await sleep(20);
    await runner.stop();
    expect(ran).toBe(1);
    const runs = await runsOf('sweep');
    expect(runs.map((run) => [run.replica, run.outcome])).toEqual([
      ['busy', 'abandoned'],
      ['survivor', 'ok'],
    ]);
    // The same turn, run again to its end.
    expect(runs[0]!.scheduled_for).toBe(runs[1]!.scheduled_for);
    const schedule = await scheduleOf('sweep');
    expect(schedule.locked_by).toBeNull();
    expect(schedule.due_in_ms).toBeGreaterThan(55_000);
  });

  it('a runner that dies mid-job: once its lease runs out another marks the run abandoned and runs the turn again', async () => {
    // What a killed process looks like to the database: its queries stop arriving (no heartbeat, no release).
    let dead = false;
    const real = dbs[0]!;
    const dying = new Proxy(real, {
      get(target, property) {
        if (property === 'execute' && dead) return () => new Promise(() => {});
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    let hung!: () => void;
    const hanging = new Promise<void>((resolve) => (hung = resolve));
    const doomed = new JobRunner({
      db: dying,
      jobs: [{ name: 'sweep', intervalMs: 60_000, run: () => (hung(), new Promise<void>(() => {})) }],
      log,
      pollMs: 15,
      leaseMs: 400,
      replica: 'doomed',
    });
    let ran = 0;
    const survivor = new JobRunner({ db: dbs[1]!, jobs: [{ name: 'sweep', intervalMs: 60_000, run: async () => void (ran += 1) }], log, pollMs: 15, leaseMs: 400, replica: 'survivor' });
    await doomed.ensureSchedule();
    doomed.start();
    await hanging;
    // Alive longer than the lease: only its heartbeats (every lease/3) keep the turn its own. Then it is killed.
    await sleep(600);
    dead = true;
    const diedAt = Date.now();
    void doomed.stop(); // clears its poll timer; the run under way never ends
    survivor.start();
    await sleep(100);
    expect(ran).toBe(0); // the lease its last heartbeat extended still holds
    while (ran === 0 && Date.now() - diedAt < 5_000) await sleep(20);
    const tookOverAfter = Date.now() - diedAt;
    await survivor.stop();
    expect(ran).toBe(1);
    expect(tookOverAfter).toBeGreaterThanOrEqual(150);
    const runs = await runsOf('sweep');
    expect(runs.map((run) => [run.replica, run.outcome])).toEqual([
      ['doomed', 'abandoned'],
      ['survivor', 'ok'],
    ]);
    expect(runs[0]!.scheduled_for).toBe(runs[1]!.scheduled_for);
    const schedule = await scheduleOf('sweep');
    expect(schedule.locked_by).toBeNull();
    expect(schedule.runs).toBe(1);
    expect(schedule.due_in_ms).toBeGreaterThan(55_000);
  });

  it("at start ends the leases of this host's dead processes (all of them when the database is the process's alone)", async () => {
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
    const holders = {
      earlier: `${os.hostname()}:${process.pid}:aaaaaa`, // this pid's earlier incarnation (a container restarted as pid 1)
      dead: `${os.hostname()}:${deadPid}:bbbbbb`, // a process of this host that is no longer running
      living: `${os.hostname()}:${process.ppid}:cccccc`, // one that runs
      elsewhere: `other-host:${deadPid}:dddddd`, // another machine's: nothing to tell from here
    };
    const jobs = Object.keys(holders).map((name) => ({ name, intervalMs: 60_000, run: async () => {} }));
    const runner = new JobRunner({ db: dbs[0]!, jobs, log });
    await runner.ensureSchedule();
    for (const [name, holder] of Object.entries(holders)) {
      await ctx.database.db.execute(sql`update scheduled_jobs set locked_by = ${holder}, locked_until = now() + interval '1 minute' where name = ${name}`);
      await ctx.database.db.execute(sql`insert into job_runs (job, scheduled_for, replica) select name, next_run_at, ${holder} from scheduled_jobs where name = ${name}`);
    }
    expect((await runner.endLeasesOfDeadProcesses()).sort()).toEqual(['dead', 'earlier']);
    expect((await runner.runDue()).sort()).toEqual(['dead', 'earlier']);
    expect((await runsOf('dead')).map((run) => run.outcome)).toEqual(['abandoned', 'ok']);
    expect((await runsOf('living')).map((run) => run.outcome)).toEqual(['running']);
    expect((await runner.endLeasesOfDeadProcesses({ exclusive: true })).sort()).toEqual(['elsewhere', 'living']);
    expect((await runner.runDue()).sort()).toEqual(['elsewhere', 'living']);
    expect((await runsOf('elsewhere')).map((run) => run.outcome)).toEqual(['abandoned', 'ok']);
  });

  it('runs a job that has been due for days once, then schedules it an interval after now', async () => {
    let ran = 0;
    const job: JobDefinition = { name: 'prune', intervalMs: 3_600_000, run: async () => void (ran += 1) };
    const runner = new JobRunner({ db: dbs[0]!, jobs: [job], log });
    await runner.ensureSchedule();
    await ctx.database.db.execute(sql`update scheduled_jobs set next_run_at = now() - interval '3 days' where name = 'prune'`);
    expect(await runner.runDue()).toEqual(['prune']);
    expect(await runner.runDue()).toEqual([]);
    expect(ran).toBe(1);
    const schedule = await scheduleOf('prune');
    expect(schedule.due_in_ms).toBeGreaterThan(3_590_000);
    expect(schedule.due_in_ms).toBeLessThanOrEqual(3_600_000);
  });

  it('records a failure with its message and tries again at the next turn', async () => {
    let attempts = 0;
    const job: JobDefinition = {
      name: 'flaky',
      intervalMs: 50,
      async run() {
        attempts += 1;
        if (attempts === 1) throw new Error('The mail server said no\n  at line 2');
      },
    };
    const runner = new JobRunner({ db: dbs[0]!, jobs: [job], log });
    await runner.ensureSchedule();
    expect(await runner.runDue()).toEqual(['flaky']);
    expect((await scheduleOf('flaky')).last_error).toBe('Error: The mail server said no at line 2');
    await sleep(80);
    expect(await runner.runDue()).toEqual(['flaky']);
    expect((await runsOf('flaky')).map((run) => [run.outcome, run.error])).toEqual([
      ['failed', 'Error: The mail server said no at line 2'],
      ['ok', null],
    ]);
    expect((await scheduleOf('flaky')).last_error).toBeNull();
  });

  it('at start-up runs the named jobs even when not due yet; stop waits for the run under way and releases its lease', async () => {
    let finished = false;
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const slow: JobDefinition = {
      name: 'slow',
      intervalMs: 60_000,
      async run() {
        started();
        await sleep(200);
        finished = true;
      },
    };
    const quick: JobDefinition = { name: 'quick', intervalMs: 60_000, run: async () => {} };
    const runner = new JobRunner({ db: dbs[0]!, jobs: [slow, quick], log, pollMs: 15 });
    await runner.ensureSchedule();
    await ctx.database.db.execute(sql`update scheduled_jobs set next_run_at = now() + interval '1 hour'`);
    // The start-up pass: every job named, due or not, except one another replica holds right now.
    await ctx.database.db.execute(sql`update scheduled_jobs set next_run_at = now() + interval '2 hours' where name = 'quick'`);
    await ctx.database.db.execute(sql`update scheduled_jobs set locked_by = 'elsewhere', locked_until = now() + interval '1 minute' where name = 'slow'`);
    expect(await runner.runDue(['slow', 'quick'], { anyTime: true, startup: true })).toEqual(['quick']);
    await ctx.database.db.execute(sql`update scheduled_jobs set locked_by = null, locked_until = null where name = 'slow'`);
    // In the order named, not by their turns: the receipt sweep follows the payments' re-delivery.
    const order: string[] = [];
    const ordered = new JobRunner({
      db: dbs[0]!,
      jobs: ['first', 'second'].map((name) => ({ name, intervalMs: 60_000, run: async () => void order.push(name) })),
      log,
    });
    await ordered.ensureSchedule();
    await ctx.database.db.execute(sql`update scheduled_jobs set next_run_at = now() + interval '1 hour' - interval '1 minute' where name = 'second'`);
    await ctx.database.db.execute(sql`update scheduled_jobs set next_run_at = now() + interval '1 hour' where name = 'first'`);
    expect(await ordered.runDue(['first', 'second'], { anyTime: true, startup: true })).toEqual(['first', 'second']);
    expect(order).toEqual(['first', 'second']);
    expect(await ordered.runDue(['first', 'second'])).toEqual([]); // neither due: the start-up pass set their next turns
    await ctx.database.db.execute(sql`update scheduled_jobs set next_run_at = now() where name = 'slow'`);
    runner.start();
    await begun;
    await runner.stop();
    expect(finished).toBe(true);
    expect((await runsOf('slow')).map((run) => run.outcome)).toEqual(['ok']);
    expect((await scheduleOf('slow')).locked_by).toBeNull();
  });
});
