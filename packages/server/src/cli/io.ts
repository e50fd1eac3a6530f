/** Where a command prints (stdout in the real CLI, an array in tests). */
export interface CliIo {
  out(line: string): void;
}

/** A refusal the operator should read (bad arguments, unknown user...): printed, exit code 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
