import { Writable } from 'node:stream';

/**
 * The terminal readline writes what is typed to: muted while a secret is typed, so a password or
 * PIN is read without echo (docs/architecture.md §8.3.3: `hiddenInput`). Everything else passes through.
 */
export class HiddenEcho extends Writable {
  #muted = false;

  constructor(private readonly target: NodeJS.WritableStream) {
    super();
  }

  /** The next line typed is a secret: nothing of it is shown. */
  hideNextLine(): void {
    this.#muted = true;
  }

  /** The line was read: typing shows again. */
  lineRead(): void {
    if (!this.#muted) return;
    this.#muted = false;
    this.target.write('\n');
  }

  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.#muted) done();
    else this.target.write(chunk, done);
  }
}
