/** An environment variable, trimmed; `undefined` when unset or blank. */
export function env(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** The port in `name` (or `fallback`); throws naming the variable when it is not a port number. */
export function envPort(name: string, fallback: string): number {
  const portRaw = env(name) ?? fallback;
  const port = Number(portRaw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number, got "${portRaw}"`);
  }
  return port;
}

/** The integer seed in `name`, `undefined` when unset; throws naming the variable when it is not an integer. */
export function envSeed(name: string): number | undefined {
  const seedRaw = env(name);
  const seed = seedRaw === undefined ? undefined : Number(seedRaw);
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error(`${name} must be an integer`);
  return seed;
}

/**
 * Runs a sandbox from the command line: `start` starts it (and says where it listens); SIGTERM/SIGINT close
 * it and exit 0 (1 when closing fails); a failed start exits 1 with the reason.
 */
export function runSandboxCli(label: string, start: () => Promise<{ close: () => Promise<void> }>): void {
  const main = async (): Promise<void> => {
    const sandbox = await start();
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) return;
      stopping = true;
      sandbox.close().then(
        () => process.exit(0),
        (err: unknown) => {
          process.stderr.write(`${label}: error while stopping on ${signal}: ${String(err)}\n`);
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  };
  main().catch((err: unknown) => {
    process.stderr.write(`${label} failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
