import { Cron } from 'croner';
import type { JobDefinition, ServiceKit } from './kit.ts';

/**
 * A listening service's jobs: each on its croner schedule, and woken at once by a transaction
 * that asked for it (`Tx.wake`) once that transaction has committed. The mail worker is the
 * reason: it ran every five seconds, so an e-mail queued by a request or an event (a verification
 * link a visitor is waiting for, an invoice just issued) waited up to five seconds for no one.
 *
 * A job runs once at a time in the process (`kit.runJob`; the advisory lock covers replicas). A
 * wake or a tick that comes while it runs is not lost: the run under way may have looked before
 * that transaction committed, so the job runs once more when it ends, however many came
 * meanwhile. Before `start` (a test's service, which runs its jobs by hand with `kit.runJob`) a
 * wake does nothing.
 */
export class JobScheduler {
  private crons: Cron[] = [];
  private readonly busy = new Set<string>();
  private readonly again = new Set<string>();
  private readonly kit: ServiceKit;
  private readonly jobs: readonly JobDefinition[];

  constructor(kit: ServiceKit, jobs: readonly JobDefinition[]) {
    this.kit = kit;
    this.jobs = jobs;
  }

  start(): void {
    this.crons = this.jobs.map(
      (job) =>
        new Cron(job.cron, { protect: true, unref: true, name: `${this.kit.name}:${job.name}` }, () =>
          this.run(job.name),
        ),
    );
  }

  stop(): void {
    this.crons.forEach((c) => c.stop());
    this.crons = [];
  }

  /** The jobs a committed transaction woke (`Tx.wake`); unknown names are the caller's typo, logged. */
  wake(names: readonly string[]): void {
    if (this.crons.length === 0) return;
    for (const name of names) {
      if (this.jobs.some((j) => j.name === name)) void this.run(name);
      else this.kit.log.error({ job: name }, 'a transaction woke a job this service does not have');
    }
  }

  private async run(name: string): Promise<void> {
    if (this.busy.has(name)) {
      this.again.add(name);
      return;
    }
    this.busy.add(name);
    try {
      do {
        this.again.delete(name);
        try {
          await this.kit.runJob(name);
        } catch (err) {
          this.kit.log.error({ err, job: name }, 'job failed');
        }
      } while (this.again.has(name) && this.crons.length > 0);
    } finally {
      this.busy.delete(name);
    }
  }
}
