import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * A request's logger, made when the request first writes a line at a level that is on.
 * Fastify gives every request a pino child carrying its request id; pino builds one by
 * copying the parent's chain and writing the bindings as JSON, about a tenth of a read's
 * time, while most requests write nothing at the levels production keeps (warn and above).
 */
class LazyChild {
  made: Logger | null = null;

  constructor(
    readonly parent: Logger,
    readonly bound: Bindings,
    readonly options: ChildLoggerOptions,
  ) {}

  real(): Logger {
    this.made ??= this.parent.child(this.bound, this.options);
    return this.made;
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.real().child(bindings, options);
  }

  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  bindings(): Bindings {
    return this.made ? this.made.bindings() : { ...this.parent.bindings(), ...this.bound };
  }
}

for (const level of LEVELS) {
  Object.defineProperty(LazyChild.prototype, level, {
    value(this: LazyChild, ...args: [unknown, ...unknown[]]) {
      if (!this.made && !this.parent.isLevelEnabled(level)) return;
      const write: (...a: unknown[]) => void = this.real()[level];
      write.apply(this.made, args);
    },
  });
}

/** Fastify's `childLoggerFactory`: the request's logger, made on its first line. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // A route with a level of its own gets its child at once: the parent's level says nothing of it.
  // A logger other than pino's (no level check) likewise.
  if (options.level || typeof (logger as Partial<Logger>).isLevelEnabled !== 'function')
    return logger.child(bindings, options);
  return new LazyChild(logger as Logger, bindings, options) as unknown as FastifyBaseLogger;
}
