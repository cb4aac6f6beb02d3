// Requests over a message channel, each answered by the message that repeats its `id`
// (docs/live.md: `ack`, `error`, `game`, `pong`). Each pending request is a promise settled by
// its answer, by a timeout, or by the loss of the connection.

import { RequestTimeout } from '../common/errors';

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class Requests<T> {
  private nextId = 1;
  private readonly pending = new Map<number, Pending<T>>();

  constructor(private readonly timeoutMs: number) {}

  // A fresh id and the promise its answer settles.
  start(): { id: number; answer: Promise<T> } {
    const id = this.nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(id, new RequestTimeout(this.timeoutMs)), this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
    });
    return { id, answer };
  }

  // Settles request `id` with a value, or rejects it with an Error; false when no request of
  // that id is waiting (already answered, timed out, or never sent).
  settle(id: number, outcome: T | Error): boolean {
    const request = this.pending.get(id);
    if (!request) return false;
    this.pending.delete(id);
    clearTimeout(request.timer);
    if (outcome instanceof Error) request.reject(outcome);
    else request.resolve(outcome);
    return true;
  }

  // Rejects every waiting request (the connection is gone).
  failAll(error: Error): void {
    for (const id of [...this.pending.keys()]) this.settle(id, error);
  }

  get waiting(): number {
    return this.pending.size;
  }
}
