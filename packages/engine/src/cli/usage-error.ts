/** A mistake in how the command was called, or an input it cannot read: one line, non-zero exit. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
