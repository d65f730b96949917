// Preloaded (--import) into every measured process: at exit it writes the process's peak RSS, which
// getrusage counts for the whole process, worker threads included.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const usage = process.resourceUsage();
  if (process.env.SUNSET_BENCH_USAGE)
    writeFileSync(
      process.env.SUNSET_BENCH_USAGE,
      JSON.stringify({ maxRssKb: usage.maxRSS, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }),
    );
});
