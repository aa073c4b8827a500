/**
 * Where the CPU of a bench run goes, per page served (a lone page's requests, or an offered load): the
 * web's and the api's own time (from /proc/<pid>/stat), the bench's own (the load generator, on the same
 * cores), and the rest of the machine's busy time (/proc/stat): PostgreSQL, Redis and the kernel's
 * loopback. Their sum per page, times a rate, is the cores that rate needs whatever the code's latency: a
 * rate needing all the machine's cores queues.
 * The time the virtual machine's host took from its cores (steal) is not ours: it is told apart, as the
 * share of the cores' time it took.
 * Linux only: elsewhere (no /proc) a snapshot is null and the bench prints nothing of it.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's counters (USER_HZ): 100 on every Linux Node runs on. */
const TICKS_PER_SECOND = 100;

export type CpuSnapshot = {
  /** Busy ticks of the whole machine (all cores): everything but idle, I/O wait and steal. */
  machine: number;
  /** Ticks the host took from the machine's cores (steal), and all ticks counted (for its share). */
  steal: number;
  all: number;
  /** utime + stime ticks of each watched process. */
  processes: Record<string, number>;
  /** This process's own CPU, µs (process.cpuUsage). */
  benchMicros: number;
};

export type CpuPerPage = {
  /** CPU ms per page served, by who spent it. */
  web: number;
  api: number;
  /** PostgreSQL, Redis, the kernel's share not charged to a process above, anything else running. */
  rest: number;
  /** The load generator itself (not part of the system measured). */
  bench: number;
  /** web + api + rest: what the system spent per page. */
  system: number;
  /** The share of the cores' time the host took (steal) during the run, %. */
  stolenPercent: number;
  /** Cores the system needs at `rate`, at that cost per page. */
  coresAtRate: number;
  rate: number;
};

function processTicks(pid: number): number {
  // Fields after the command name (which may hold spaces, hence from the last ')'): utime is the 12th,
  // stime the 13th of those (14th and 15th of the line).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function machineTicks(): { busy: number; steal: number; all: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq;
  return { busy, steal, all: busy + idle + iowait + steal };
}

/** The counters now, for the processes named; null where /proc cannot be read. */
export function cpuSnapshot(pids: Record<string, number | undefined>): CpuSnapshot | null {
  try {
    const processes: Record<string, number> = {};
    for (const [name, pid] of Object.entries(pids)) {
      if (pid === undefined) return null;
      processes[name] = processTicks(pid);
    }
    const own = process.cpuUsage();
    const machine = machineTicks();
    return {
      machine: machine.busy,
      steal: machine.steal,
      all: machine.all,
      processes,
      benchMicros: own.user + own.system,
    };
  } catch {
    return null;
  }
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The CPU spent between two snapshots, per page of the `pages` served, and what `rate` pages/s need. */
export function cpuPerPage(before: CpuSnapshot, after: CpuSnapshot, pages: number, rate: number): CpuPerPage {
  const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND / Math.max(1, pages);
  const spent = (name: string) => (after.processes[name] ?? 0) - (before.processes[name] ?? 0);
  const web = ms(spent('web'));
  const api = ms(spent('api'));
  const bench = (after.benchMicros - before.benchMicros) / 1000 / Math.max(1, pages);
  const rest = Math.max(0, ms(after.machine - before.machine) - web - api - bench);
  const system = web + api + rest;
  return {
    web: round1(web),
    api: round1(api),
    rest: round1(rest),
    bench: round1(bench),
    system: round1(system),
    stolenPercent: Math.round((100 * (after.steal - before.steal)) / Math.max(1, after.all - before.all)),
    coresAtRate: Math.round((system * rate) / 10) / 100,
    rate,
  };
}
