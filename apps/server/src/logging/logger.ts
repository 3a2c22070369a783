// Structured JSON logs, one object per line. Callers pass only safe fields: never passwords,
// tokens, API keys or request bodies.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const LEVEL_RANK: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(options: {
  level: LogLevel | 'silent';
  write?: (line: string) => void;
}): Logger {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const threshold = LEVEL_RANK[options.level];
  const log = (level: LogLevel) => (message: string, fields: LogFields = {}) => {
    if (LEVEL_RANK[level] < threshold) return;
    write(JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields }));
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
